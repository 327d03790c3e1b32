// @ts-check
import node from "@astrojs/node"
import react from "@astrojs/react"
import { defineConfig } from "astro/config"
import { pagePolicyDirectives } from "@tawreed/adapters/http/EdgePolicy"
import { maxFormBytes } from "@tawreed/core/files"

export default defineConfig({
  output: "server",
  // server.mjs serves the built files and hands Astro the rest. A page is sent whole once rendered, in one write
  // rather than a write per part: every page reads its data before it renders anything, so streaming would gain it
  // nothing.
  // The site reads a request body up to what core keeps (`maxFormBytes`: five files at the file limit and the rest
  // of the form), not the adapter's default of 1 GiB; a page refuses a larger post with the catalogue's message.
  adapter: node({ mode: "middleware", experimentalDisableStreaming: true, bodySizeLimit: maxFormBytes }),
  integrations: [react()],
  i18n: {
    locales: ["en", "ar"],
    defaultLocale: "en",
    // The middleware decides where `/` leads (sign-in or the action board), so Astro must not redirect it first.
    routing: { prefixDefaultLocale: true, redirectToDefaultLocale: false }
  },
  server: { port: Number(process.env.PORT ?? 4321) },
  // Stylesheets stay files, compressed and cached once (server.mjs), rather than written into every page.
  build: { inlineStylesheets: "never" },
  // Astro's own check refuses every PUT or DELETE that has no body and no Origin, which is how the CLI and native
  // apps call the API with a bearer token. The API checks the Origin of cookie-borne mutations itself, and the
  // middleware checks the site's own forms.
  security: {
    checkOrigin: false,
    // Each page's Content-Security-Policy header: Astro lists the hashes of the inline scripts and styles it
    // renders (island loaders, inlined CSS); the pages add those of their own (see server/csp.ts). No other inline
    // script runs. Inline style attributes (bar widths, swatches) stay allowed: they cannot run code.
    csp: {
      directives: [...pagePolicyDirectives],
      scriptDirective: { resources: ["'self'"] },
      styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: "attribute" }] }
    }
  },
  vite: {
    // PGlite loads its WASM and data files from its own package folder at run time, and argon2 is a native
    // addon: bundled, neither can find its files. The adapters' other drivers stay external with them. pdfkit reads
    // its own data files the same way, and the purchase order's font is resolved from node_modules beside it.
    ssr: {
      external: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "@node-rs/argon2", "@effect/sql-pg", "pdfkit"]
    }
  }
})
