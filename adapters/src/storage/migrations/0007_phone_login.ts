/**
 * Sign-in by phone number where the organisation enables it: a user's phone in digits (unique, since it finds
 * the account before its organisation is known) and the organisation's switch. The lookup policy names exactly
 * the phone being signed in, as the email lookup does.
 */
export const statements: ReadonlyArray<string> = [
  `ALTER TABLE users ADD COLUMN phone text CHECK (phone IS NULL OR phone ~ '^[0-9]+$')`,
  `CREATE UNIQUE INDEX users_phone_key ON users (phone) WHERE phone IS NOT NULL`,
  `ALTER TABLE organisations ADD COLUMN phone_login boolean NOT NULL DEFAULT false`,
  `CREATE POLICY phone_sign_in_lookup ON users FOR SELECT
     USING (current_setting('app.sign_in_phone', true) = phone)`,
  `CREATE POLICY phone_sign_in_lookup ON organisations FOR SELECT
     USING (id IN (SELECT org_id FROM users WHERE phone = current_setting('app.sign_in_phone', true)))`
]
