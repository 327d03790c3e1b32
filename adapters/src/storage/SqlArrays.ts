/** A PostgreSQL text-array literal for a list of texts, each quoted, for a `${...}::text[]` parameter. */
export const textArray = (values: ReadonlyArray<string>): string =>
  `{${values.map((v) => `"${v.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`).join(",")}}`
