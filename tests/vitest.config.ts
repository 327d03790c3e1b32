import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: ["api/**/*.test.ts"],
    globalSetup: ["../adapters/src/testing/globalSetup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000
  }
})
