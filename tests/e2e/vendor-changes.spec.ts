import { expect, test } from "@playwright/test"
import { demoUsers } from "@tawreed/adapters/storage/DemoData"
import { demoPassword, seriousViolations, signInAnyPassword, type Locale } from "./support/journeys.ts"

const admin = "admin@buyer.tawreed.test"
const approver = demoUsers.find((u) => u.email === "approver@buyer.tawreed.test")!

const screens = {
  en: {
    save: "Save vendor",
    sent: "sent for review",
    title: "Change waiting for review",
    bank: "Bank accounts",
    withdraw: "Withdraw change",
    withdrawn: "Change withdrawn"
  },
  ar: {
    save: "حفظ المورد",
    sent: "أُرسل تعديل البيانات الأساسية للمورد إلى المراجعة",
    title: "تعديل بانتظار المراجعة",
    bank: "الحسابات البنكية",
    withdraw: "سحب التعديل",
    withdrawn: "تم سحب التعديل"
  }
} as const

test("a connected vendor's new IBAN waits for review on its page, masked, with its timeline, and is withdrawn", async ({
  page
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const s = screens[locale]
  // The organisation's workflow for vendor detail changes: one level, the approver.
  // The admin's password is the demo's, or the one the account journey renews it to.
  let accessToken = ""
  for (const password of [demoPassword, "Renewed@2026"]) {
    const login = await page.request.post("/api/auth/login", { data: { email: admin, password, platform: "web" } })
    if (login.status() === 200) accessToken = ((await login.json()) as { accessToken: string }).accessToken
    if (accessToken !== "") break
  }
  const headers = { authorization: `Bearer ${accessToken}` }
  const workflow = {
    id: crypto.randomUUID(),
    workspaceId: null,
    kind: "vendor_change",
    levels: [
      { level: 1, name: "Vendor master", approvers: [{ type: "USER", userId: approver.id }], mode: "ONE", criteria: {} }
    ],
    version: 0
  }
  const saved = await page.request.put("/api/workflows", { headers, data: { workflow, version: 0 } })
  expect([200, 409]).toContain(saved.status())
  const vendors = (await (await page.request.get("/api/vendors?limit=9999", { headers })).json()) as {
    vendors: ReadonlyArray<{ id: string; name: { en: string } }>
  }
  const sahara = vendors.vendors.find((v) => v.name.en === "Sahara Supplies")!

  await signInAnyPassword(page, locale, admin)
  await page.goto(`/${locale}/vendors/${sahara.id}`)
  await page.locator("#iban").fill("SA44 2000 0001 2345 6789 1234")
  await page.getByRole("button", { name: s.save }).click()
  await expect(page.locator("[data-toasts] .toast__message")).toContainText(s.sent)
  const change = page.locator("[data-vendor-change]")
  await expect(change.getByRole("heading", { level: 2 })).toHaveText(s.title)
  const row = change.locator('[data-change-field="bankAccounts"]')
  await expect(row).toContainText(s.bank)
  await expect(row).toContainText("•••• 7520")
  await expect(row).toContainText("•••• 1234")
  await expect(row).not.toContainText("SA4420000001234567891234")
  await expect(change.locator(".timeline__entry")).toHaveCount(1)
  // The vendor keeps its IBAN until the change is approved.
  await expect(page.locator(".vendor-facts")).toContainText("SA73 8000 0000 6080 1016 7520")
  expect(await seriousViolations(page)).toEqual([])

  await change.getByRole("button", { name: s.withdraw }).click()
  await expect(page.locator("[data-toasts] .toast__message")).toHaveText(s.withdrawn)
  await expect(page.locator("[data-vendor-change]")).toHaveCount(0)
})
