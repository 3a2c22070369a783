// Effective dates of the legal pages.
export const LEGAL_LAST_UPDATED = 'October 27, 2025';
