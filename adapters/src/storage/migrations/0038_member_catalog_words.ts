/**
 * The search's similar words for the catalogs an organisation is a member of (migration 0037): a member's search in
 * a shared catalog looks for words similar to its query, and for the singulars of its plurals, in the vocabulary of
 * the catalog's organisation (`product_words`, migration 0028), as it does in its own and in the public products'.
 *
 * `product_words` holds an organisation's words without their catalogs, so the policy lets a member read the
 * vocabulary of each organisation whose catalog it is a member of. The words are never shown: a search only uses
 * them to look for products, and the products come through their own policies, so a member still finds nothing
 * outside the catalogs shared with it. The owners are read in an uncorrelated sub-select, once per statement.
 *
 * Running it again leaves what it made.
 */
export const statements: ReadonlyArray<string> = [
  `DROP POLICY IF EXISTS member_read ON product_words`,
  `CREATE POLICY member_read ON product_words FOR SELECT
     USING (org_id IN (SELECT c.org_id FROM catalogs c WHERE c.id::text = ANY ((SELECT app_member_catalogs())::text[])))`
]
