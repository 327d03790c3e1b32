/**
 * Lets each pre-tenant lookup read the rows it needs in one statement: the session's user and organisation when a
 * token is checked, and the organisation of the email being signed in. Each policy still names exactly the rows
 * of that one session or that one email.
 */
export const statements: ReadonlyArray<string> = [
  `CREATE POLICY session_lookup ON users FOR SELECT
     USING (id IN (SELECT user_id FROM sessions WHERE token_hash = current_setting('app.session_token_hash', true)))`,
  `CREATE POLICY session_lookup ON organisations FOR SELECT
     USING (id IN (SELECT org_id FROM sessions WHERE token_hash = current_setting('app.session_token_hash', true)))`,
  `CREATE POLICY sign_in_lookup ON organisations FOR SELECT
     USING (id IN (SELECT org_id FROM users WHERE lower(email) = current_setting('app.sign_in_email', true)))`
]
