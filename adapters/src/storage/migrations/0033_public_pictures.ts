/**
 * Public product pictures (SPEC.md §2 guest page, marketplace mode): the picture of a product anyone may browse is
 * served to anyone, whichever organisation keeps the file, and nothing else is.
 *
 * A stored file is read outside its organisation through the `public_picture` lookup policy only, which the
 * setting `app.public_picture_id` opens for one file in one transaction (the guest read's, SqlMarketplace), and
 * only while every one of these holds:
 *
 * - the file is a picture: uploaded as an image and its bytes showed an image type;
 * - it belongs to a product (uploaded for one and held by one, not taken off);
 * - a live (not deleted) public product of the same organisation names it among its pictures (`media`, never its
 *   attachments), and that product sits in a public catalog of that organisation: what the guest listing shows.
 *
 * The policy reads products and catalogs under their own policies (`public_read`), so it can see no more than the
 * guest listing does. Coupa's and Odoo's storefronts serve a published product's images the same way: public by
 * the product's publication, the rest of the file store private. Running it again leaves what it made.
 */
export const statements: ReadonlyArray<string> = [
  `DROP POLICY IF EXISTS public_picture ON stored_files`,
  `CREATE POLICY public_picture ON stored_files FOR SELECT USING (
     id::text = nullif(current_setting('app.public_picture_id', true), '')
     AND kind = 'IMAGE'
     AND mime LIKE 'image/%'
     AND entity = 'product'
     AND document_kind = 'product'
     AND removed_at IS NULL
     AND EXISTS (
       SELECT 1 FROM products p
        WHERE p.org_id = stored_files.org_id
          AND p.public
          AND p.deleted_at IS NULL
          AND EXISTS (SELECT 1 FROM jsonb_array_elements(p.media) m
                       WHERE lower(m->>'src') IN (stored_files.id::text, '/api/media_upload/' || stored_files.id::text))
          AND EXISTS (SELECT 1 FROM catalogs c
                       WHERE c.org_id = p.org_id AND c.kind = 'PUBLIC' AND c.id::text = ANY (p.catalog_ids))
     )
   )`
]
