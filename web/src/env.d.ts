/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The language of the page, from the first path segment. */
    locale: import("@tawreed/core/shared").Locale
    /** The writing direction of that language. */
    dir: "ltr" | "rtl"
    /** i18next's translate function, fixed to the page's language. */
    t: import("./i18n/index.ts").Translate
    /** The signed-in person, or undefined on a public page visited while signed out. */
    actor: import("@tawreed/core/identity").Actor | undefined
    /** The signed-in person's organisation settings (modules, configuration), or undefined while none are stored. */
    settings: import("@tawreed/core/organisations").OrgSettings | undefined
    /** The organisation's theme (the product's default theme while signed out or while it has none). */
    theme: import("@tawreed/core/organisations").Theme
    /**
     * The privileges the page guard accepts for the signed-in person: their own and their workspace roles' grants
     * (`Workspaces.privilegesAnywhere`); none while signed out.
     */
    pagePrivileges: ReadonlyArray<string>
    /**
     * The signed-in person's unread notifications, when the page read the count in its own transaction (see
     * server/page.ts); the shell reads it itself otherwise.
     */
    unread?: number
    /** The client as the edge resolved it: its address (for throttling and the audit log) and whether it came over https. */
    client: import("@tawreed/adapters/http/EdgePolicy").ClientFacts
    /** This response's Content-Security-Policy nonce: the one inline script or style without a build-time hash carries it. */
    cspNonce: string
    /** The app's runtime: pages run the core's use cases on it, in-process. */
    runtime: import("@tawreed/adapters/App").App["runtime"]
  }
}
