import { Option } from "effect"

/** Text as URL-safe base64 without padding (RFC 4648 §5), its UTF-8 bytes encoded: how the lists' cursors travel. */
export const toBase64Url = (text: string): string =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "")

/** The text URL-safe base64 holds, or none when it is not base64url. */
export const fromBase64Url = (text: string): Option.Option<string> =>
  /^[A-Za-z0-9_-]*$/.test(text) && text.length % 4 !== 1
    ? Option.some(
        new TextDecoder().decode(
          Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0))
        )
      )
    : Option.none()
