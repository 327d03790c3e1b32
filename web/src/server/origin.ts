const safeMethods = new Set(["GET", "HEAD", "OPTIONS"])

/**
 * Whether a request that changes something (a form post) came from another site: its Origin names another
 * origin, or the browser says it is cross-site or same-site (a sibling subdomain is another application; the
 * site's own forms are same-origin). Browsers send both on every form post, so a missing Origin is a client that
 * is not a browser, which cross-site request forgery cannot use. The API applies the same rule (ApiServer.ts).
 */
export const isCrossSite = (request: Request, url: URL): boolean => {
  if (safeMethods.has(request.method)) return false
  const origin = request.headers.get("origin")
  if (origin !== null && origin !== url.origin) return true
  const site = request.headers.get("sec-fetch-site")
  return site === "cross-site" || site === "same-site"
}
