import { expect } from "@playwright/test"
import { test } from "./support/journeys.ts"

// The API reference runs its viewer's inline scripts under the policy the API gives it (their hashes, nothing
// else); the journey's fixture fails on any refusal, so a viewer blocked by its own policy fails here.
test("the API reference renders its operations in the browser", async ({ page }) => {
  const response = await page.goto("/api/docs")
  expect(response?.status()).toBe(200)
  const policy = response?.headers()["content-security-policy"] ?? ""
  expect(policy.split(";").find((directive) => directive.trim().startsWith("script-src"))).not.toContain(
    "unsafe-inline"
  )
  await expect(page.getByText("/api/workspaces", { exact: false }).first()).toBeVisible({ timeout: 20_000 })
})
