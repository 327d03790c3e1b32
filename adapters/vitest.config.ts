import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    globalSetup: ["src/testing/globalSetup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000
  }
})
