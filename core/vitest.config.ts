import { defineConfig } from "vitest/config"

// The property suites run hundreds of sequences against the whole use-case world: on a loaded machine they take
// longer than vitest's default five seconds without anything being wrong.
export default defineConfig({ test: { include: ["src/**/*.test.ts"], testTimeout: 60_000 } })
