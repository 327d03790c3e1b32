import packageJson from "../../package.json" with { type: "json" }

/** The build's version, shown in the sign-in page's footer (SPEC.md §2). */
export const buildVersion: string = packageJson.version

/**
 * The support address of the sign-in page's support line: `SUPPORT_EMAIL`, else `support@` the host of
 * `PUBLIC_URL` or of the page (SPEC.md §9: a configured fallback).
 */
export const supportEmail = (url: URL, env: Record<string, string | undefined> = process.env): string => {
  const configured = env["SUPPORT_EMAIL"]?.trim()
  if (configured) return configured
  const publicUrl = env["PUBLIC_URL"]
  const host = publicUrl ? URL.parse(publicUrl)?.hostname : undefined
  return `support@${host ?? url.hostname}`
}

/**
 * The site's address for links in mail (invitations): `PUBLIC_URL` when the deployment sets it (it should, behind a
 * proxy), else the address the page was asked at, as the API does.
 */
export const siteAddress = (url: URL, env: Record<string, string | undefined> = process.env): string =>
  env["PUBLIC_URL"]?.trim() || url.origin
