import type { APIRoute } from "astro"
import { app } from "../../server/app.ts"

/** The whole API of adapters/http, served by this same process under `/api/`. */
export const ALL: APIRoute = async ({ request }) => (await app()).handleApi(request)
