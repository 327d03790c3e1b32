import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    // The adapters' setup migrates one PGlite database per run; every suite starts from a copy of it.
    globalSetup: ["../adapters/src/testing/globalSetup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000
  }
})
