import { dictionary } from "@zxcvbn-ts/language-common"
import { CommonPasswords } from "@tawreed/core/identity"

/** The published list of common passwords that zxcvbn-ts ships (about 30,000, most used first). */
export const commonPasswordList: ReadonlyArray<string> = dictionary["passwords-common"]

/** The real common-password list behind the core's 'Password too common' rule. */
export const ZxcvbnCommonPasswords = CommonPasswords.layerFromList(commonPasswordList)
