import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto"

/**
 * The sign-in page's captcha, served by the product itself (no third-party service sees the visitor): a small sum
 * whose answer is sealed with an HMAC in a hidden field, valid for ten minutes. It is off unless `CAPTCHA=on`
 * (SPEC.md §9: captcha off by default). Several app processes need one `CAPTCHA_SECRET` between them.
 */
export const captchaRequired = (env: Record<string, string | undefined> = process.env): boolean =>
  env["CAPTCHA"] === "on"

const secret = process.env["CAPTCHA_SECRET"] ?? randomBytes(32).toString("hex")
const lifetimeMs = 10 * 60 * 1000

const seal = (payload: string): string => createHmac("sha256", secret).update(payload).digest("base64url")

export interface CaptchaChallenge {
  /** The two numbers to add, for the question. */
  readonly a: number
  readonly b: number
  /** The hidden field's value: the answer's seal and the challenge's expiry. */
  readonly token: string
}

/** A new challenge. */
export const newCaptcha = (now: number = Date.now()): CaptchaChallenge => {
  const a = randomInt(1, 10)
  const b = randomInt(1, 10)
  const expires = now + lifetimeMs
  return { a, b, token: `${expires}.${seal(`${expires}:${a + b}`)}` }
}

/** Whether the answer solves the challenge the token seals, before it expired. */
export const captchaSolved = (token: string, answer: string, now: number = Date.now()): boolean => {
  const [expires, mac] = token.split(".")
  if (expires === undefined || mac === undefined || !/^\d+$/.test(expires) || Number(expires) < now) return false
  const value = answer.trim()
  if (!/^\d{1,3}$/.test(value)) return false
  const expected = Buffer.from(seal(`${expires}:${Number(value)}`))
  const given = Buffer.from(mac)
  return expected.length === given.length && timingSafeEqual(expected, given)
}
