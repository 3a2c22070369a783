// Effective dates of the legal pages (SPEC.md section 2).
export const LEGAL_LAST_UPDATED = 'October 27, 2025';
