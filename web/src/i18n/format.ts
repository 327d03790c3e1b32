/** Fills `{{name}}` placeholders, as i18next does, for islands that get their strings as props. */
export const format = (template: string, params: Readonly<Record<string, string | number>>): string =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole))
