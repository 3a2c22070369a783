// Refuses the passwords attackers try first: the ~49,000 most common ones of the kept list in
// @zxcvbn-ts/language-common, compared without regard to case ("Password1" is as weak as
// "password1"). Loaded once, on first use, into a Set.
import { dictionary } from '@zxcvbn-ts/language-common';

export const COMMON_PASSWORD_MESSAGE = 'This password is too common; choose another';

let commonPasswords: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
}
