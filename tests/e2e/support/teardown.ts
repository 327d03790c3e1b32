import { rmSync } from "node:fs"

/** Removes the journeys' temporary databases. */
export default function teardown() {
  const dirs = JSON.parse(process.env["TAWREED_E2E_DATA_DIRS"] ?? "[]") as Array<string>
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
}
