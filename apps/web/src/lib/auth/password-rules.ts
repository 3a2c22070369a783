// Password rule shared by sign-up and the settings form. It mirrors
// MIN_PASSWORD_LENGTH of @provenance/contracts, copied rather than imported because the contracts'
// runtime pulls the whole OpenAPI schema toolkit into the browser bundle.
export const MIN_PASSWORD_LENGTH = 6;

/** The hint under every field that asks for a new password. */
export const NEW_PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH} characters.`;
