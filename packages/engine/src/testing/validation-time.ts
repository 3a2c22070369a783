/**
 * Two verifications of the same bytes under the same lists agree on everything but when they were
 * made (verification.evidence.validatedAt). Tests comparing two paths compare them without it.
 */
interface WithEvidence {
  verification: { evidence?: { validatedAt: string } | undefined };
}

function withoutTime<T extends WithEvidence>(response: T): T {
  const evidence = response.verification.evidence;
  if (!evidence) return response;
  const { validatedAt: _validatedAt, ...rest } = evidence;
  return { ...response, verification: { ...response.verification, evidence: rest } };
}

/** The verification (an answer, or one serialized by a worker: its `json`) with its validation time left out. */
export function withoutValidationTime<T extends WithEvidence | { json: string }>(verification: T): T {
  if ('json' in verification) return { ...verification, json: JSON.stringify(withoutTime(JSON.parse(verification.json) as WithEvidence)) };
  return withoutTime(verification as T & WithEvidence);
}
