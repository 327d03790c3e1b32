import { expect, type Page } from "@playwright/test"
import { seriousViolations, signInAnyPassword, test, type Locale } from "./support/journeys.ts"

const admin = "admin@buyer.tawreed.test"

const screens = {
  en: {
    send: "Send invitation",
    sent: "Invitation sent",
    invited: "Invited",
    saveRegistration: "Save and continue",
    submit: "Submit for review",
    submitted: "your registration is submitted",
    underReview: "Under review",
    approve: "Approve",
    approved: "Vendor approved",
    approvedStatus: "Approved",
    active: "Active",
    withdraw: "Withdraw review request",
    withdrawn: "Review request withdrawn",
    opened: "Opened by the vendor",
    reopened: "reopened your registration for changes",
    timelineWithdrawn: "Review request withdrawn"
  },
  ar: {
    send: "إرسال الدعوة",
    sent: "تم إرسال الدعوة",
    invited: "تمت الدعوة",
    saveRegistration: "حفظ ومتابعة",
    submit: "إرسال للمراجعة",
    submitted: "تم إرسال تسجيلك",
    underReview: "قيد المراجعة",
    approve: "اعتماد",
    approved: "تم اعتماد المورد",
    approvedStatus: "معتمدة",
    active: "نشط",
    withdraw: "سحب طلب المراجعة",
    withdrawn: "تم سحب طلب المراجعة",
    opened: "فتحها المورد",
    reopened: "فتح تسجيلك للتعديل",
    timelineWithdrawn: "سحب طلب المراجعة"
  }
} as const

/** The token of the newest invitation link mailed to an address, read from the outbox page as the admin. */
const mailedToken = async (page: Page, locale: Locale, to: string) => {
  await page.goto(`/${locale}/settings/outbox`)
  const mail = page.locator(".outbox__mail", { hasText: to }).first()
  const text = (await mail.locator(".outbox__text").textContent()) ?? ""
  const token = /\/invites-open\/([A-Za-z0-9_-]+)/.exec(text)?.[1]
  expect(token, `an invitation link mailed to ${to}`).toBeDefined()
  return token!
}

/** Answers the default questionnaire: every question type, the commercial registration uploaded among them. */
const answerQuestionnaire = async (page: Page, name: string, activity: string) => {
  await page.locator("#q-s1q1").fill(name)
  await page.locator("#q-s1q2").fill(activity)
  await page.locator("#q-s1q3").selectOption({ index: 2 })
  await page.locator('input[name="q.s1q4"]').first().check()
  await page.locator('input[name="q.s2q1"]').first().check()
  await page.locator('input[name="q.s2q2"][value="4"]').check()
  await page.locator("#q-s2q3").setInputFiles({
    name: "commercial-registration.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n")
  })
}

test("a vendor invited by email registers, answers the questionnaire with a file, is approved and signs in", async ({
  page
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const s = screens[locale]
  const n = `${locale === "en" ? 1 : 2}${testInfo.retry}${String(Date.now()).slice(-7)}`
  const email = `onboarding-${n}@vendor.example`
  const cr = `60${n}`.slice(0, 10)
  const password = "Onboard@Vendor2026"

  // The buyer's admin invites the vendor by email, in the page's language.
  await signInAnyPassword(page, locale, admin)
  await page.goto(`/${locale}/vendors/invited`)
  expect(await seriousViolations(page)).toEqual([])
  await page.locator("#vendorName").fill(`Qassim Supplies ${n}`)
  await page.locator("#email").fill(email)
  await page.locator("#locale").selectOption(locale)
  await page.getByRole("button", { name: s.send }).click()
  await expect(page).toHaveURL(/\/vendors\/invited\/[0-9a-f-]{36}$/)
  const invitePage = new URL(page.url()).pathname
  await expect(page.locator("[data-toasts] .toast__message")).toHaveText(s.sent)
  await expect(page.locator("main .page-head .status")).toHaveText(s.invited)
  expect(await seriousViolations(page)).toEqual([])

  // The vendor opens the mailed link, with no account.
  const token = await mailedToken(page, locale, email)
  await page.context().clearCookies()
  await page.goto(`/${locale}/invites-open/${token}`)
  await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr")
  expect(await seriousViolations(page)).toEqual([])
  await page.locator("#nameEn").fill(`Qassim Supplies Co. ${n}`)
  await page.locator("#nameAr").fill("شركة القصيم للتوريدات")
  await page.locator("#crNumber").fill(cr)
  // A VAT number of its own: the vendors journey records the demo-looking one on the same server.
  await page.locator("#vatNumber").fill(`3${n.padStart(13, "0").slice(-13)}3`)
  await page.locator("#city").fill("Buraydah")
  await page.locator("#firstName").fill("Saad")
  await page.locator("#lastName").fill("Al-Muhanna")
  await page.locator("#iban").fill("SA44 2000 0001 2345 6789 1234")
  await page.locator("#password").fill(password)
  await page.getByRole("button", { name: s.saveRegistration }).click()

  // The default questionnaire: every question type, the upload among them.
  await expect(page.locator("#q-s1q1")).toBeVisible()
  await answerQuestionnaire(page, "Qassim Supplies", "Dates, packaging and cold-chain delivery across Qassim.")
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole("button", { name: s.submit }).click()
  await expect(page.getByRole("status")).toContainText(s.submitted)

  // The buyer's admin withdraws the review request to have the bank details changed: the vendor gets a new link.
  await signInAnyPassword(page, locale, admin)
  await page.goto(invitePage)
  await expect(page.locator("main .page-head .status")).toHaveText(s.underReview)
  await page.locator("#withdrawMessage").fill("Please add the bank letter for your IBAN.")
  await page.getByRole("button", { name: s.withdraw }).click()
  await expect(page.locator("[data-toasts] .toast__message")).toContainText(s.withdrawn)
  await expect(page.locator("main .page-head .status")).toHaveText(s.opened)
  await expect(page.locator('.timeline__entry[data-action="WITHDRAW"]')).toContainText(s.timelineWithdrawn)
  expect(await seriousViolations(page)).toEqual([])
  const again = await mailedToken(page, locale, email)
  expect(again).not.toBe(token)

  // The vendor reads why, keeps its answers and file, and submits again.
  await page.context().clearCookies()
  await page.goto(`/${locale}/invites-open/${again}`)
  await expect(page.locator(".alert[role=note]")).toContainText(s.reopened)
  await expect(page.locator(".alert[role=note]")).toContainText("Please add the bank letter for your IBAN.")
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole("button", { name: s.submit }).click()
  await expect(page.getByRole("status")).toContainText(s.submitted)

  // The buyer's admin reviews the answers, the file among them, and approves.
  await signInAnyPassword(page, locale, admin)
  await page.goto(invitePage)
  await expect(page.locator("main .page-head .status")).toHaveText(s.underReview)
  await expect(page.getByRole("link", { name: "commercial-registration.pdf" })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole("button", { name: s.approve, exact: true }).click()
  await expect(page.locator("[data-toasts] .toast__message")).toHaveText(s.approved)
  await expect(page.locator("main .page-head .status")).toHaveText(s.approvedStatus)

  // The vendor is active and connected in the vendor master.
  await page.goto(`/${locale}/vendors?search=${cr}`)
  await expect(page.locator("tr[data-vendor]")).toHaveCount(1)
  await expect(page.locator("tr[data-vendor]")).toContainText(s.active)

  // The vendor's first user signs in with the password chosen at registration.
  await page.context().clearCookies()
  await page.goto(`/${locale}/auth/login`)
  await page.locator("#email").fill(email)
  await page.locator("#password").fill(password)
  await page.locator("button[type=submit]").click()
  await expect(page).toHaveURL(new RegExp(`/${locale}/actionboard`))
})

test("the admin creates a questionnaire's public link on the onboarding settings, and a visitor opens it to apply", async ({
  page,
  browser
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const words = {
    en: { create: "Create a public link", created: "Public link created", link: "Public link" },
    ar: { create: "إنشاء رابط عام", created: "تم إنشاء الرابط العام", link: "الرابط العام" }
  }[locale]
  await signInAnyPassword(page, locale, admin)
  await page.goto(`/${locale}/vendors/settings`)
  await page.getByRole("button", { name: words.create }).click()
  await expect(page.locator("[data-toasts] .toast__message")).toHaveText(words.created)
  await expect(page.getByRole("textbox", { name: words.link })).toBeVisible()
  const link = await page.locator("#public-link").inputValue()
  expect(link).toMatch(new RegExp(`/${locale}/invites-open/apply/[A-Za-z0-9_-]{20,}$`))
  expect(await seriousViolations(page)).toEqual([])

  // Signed out, in a browser of its own: the link opens the application form.
  const visitor = await browser.newPage({ baseURL: new URL(page.url()).origin })
  await visitor.goto(new URL(link).pathname)
  await expect(visitor.locator("#vendorName")).toBeVisible()
  await expect(visitor.locator("#email")).toBeVisible()
  await visitor.close()
})

test("the admin names a questionnaire section's reviewers in the onboarding settings, and they stay named", async ({
  page
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const words = {
    en: { save: "Save questionnaire", saved: "Questionnaire saved", reviewers: "Section reviewers" },
    ar: { save: "حفظ الاستبيان", saved: "تم حفظ الاستبيان", reviewers: "مراجعو القسم" }
  }[locale]
  await signInAnyPassword(page, locale, admin)
  await page.goto(`/${locale}/vendors/settings`)
  const reviewers = page.locator("#s0-reviewers")
  await expect(page.getByLabel(words.reviewers).first()).toBeVisible()
  const first = await reviewers.locator("option").first().getAttribute("value")
  expect(first).toBeTruthy()
  await reviewers.selectOption([first!])
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole("button", { name: words.save }).click()
  await expect(page.locator("[data-toasts] .toast__message")).toHaveText(words.saved)
  await page.reload()
  await expect(page.locator("#s0-reviewers option:checked")).toHaveCount(1)
  await expect(page.locator("#s0-reviewers option:checked")).toHaveAttribute("value", first!)
})

test("a vendor whose organisation is already on Tawreed signs in from the invitation, links it, answers and is connected", async ({
  page
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const s = screens[locale]
  const words = {
    en: {
      signInToLink: "Sign in to link your organisation",
      link: "Link",
      linked: "This registration links",
      linkedNote: "an organisation already on Tawreed",
      connected: "Connected to the vendor's own account on Tawreed"
    },
    ar: {
      signInToLink: "سجّل الدخول لربط منظمتك",
      link: "ربط",
      linked: "هذا التسجيل يربط",
      linkedNote: "وهي منظمة مسجلة في توريد",
      connected: "مرتبط بحساب المورد الخاص على توريد"
    }
  }[locale]
  const n = `${locale === "en" ? 3 : 4}${testInfo.retry}${String(Date.now()).slice(-7)}`
  const organisation = `Tihama Trading ${n}`
  const vendorAdmin = `owner-${n}@tihama.example`
  const password = "Tihama@Trading2026"
  const invited = `sales-${n}@tihama.example`

  // The vendor organisation is on Tawreed already: a marketplace supplier that registered itself.
  const registered = await page.request.post("/api/orgMarketplace", {
    data: {
      name: organisation,
      currency: "SAR",
      primaryContact: { email: vendorAdmin, firstName: "Hadi", lastName: "Al-Zahrani" },
      password
    }
  })
  expect(registered.status()).toBe(201)

  // The buyer's admin invites the vendor's sales address.
  await signInAnyPassword(page, locale, admin)
  await page.goto(`/${locale}/vendors/invited`)
  await page.locator("#vendorName").fill(`Tihama ${n}`)
  await page.locator("#email").fill(invited)
  await page.locator("#locale").selectOption(locale)
  await page.getByRole("button", { name: s.send }).click()
  await expect(page).toHaveURL(/\/vendors\/invited\/[0-9a-f-]{36}$/)
  const invitePage = new URL(page.url()).pathname
  const token = await mailedToken(page, locale, invited)

  // The vendor opens the link, signs in through the product's own sign-in, and comes back to link its organisation.
  await page.context().clearCookies()
  await page.goto(`/${locale}/invites-open/${token}`)
  await page.getByRole("link", { name: words.signInToLink }).click()
  await expect(page).toHaveURL(new RegExp(`/${locale}/auth/login`))
  await page.locator("#email").fill(vendorAdmin)
  await page.locator("#password").fill(password)
  await page.locator("button[type=submit]").click()
  await expect(page).toHaveURL(new RegExp(`/${locale}/invites-open/${token}`))
  expect(await seriousViolations(page)).toEqual([])
  // The organisation's name is set apart by bidirectional isolates, so that an Arabic name reads in its direction.
  await page.getByRole("button", { name: new RegExp(`^${words.link}\\W*${organisation}\\W*$`) }).click()
  await expect(page.locator("#register-heading + [role=status]")).toContainText(words.linked)
  await expect(page.locator("#register-heading + [role=status]")).toContainText(organisation)
  await expect(page.locator("#password")).toHaveCount(0)
  expect(await seriousViolations(page)).toEqual([])

  // The questionnaire, answered and submitted as any vendor does.
  await answerQuestionnaire(page, organisation, "Coffee, spices and dates from Tihama to the central region.")
  await page.getByRole("button", { name: s.submit }).click()
  await expect(page.getByRole("status")).toContainText(s.submitted)

  // The buyer's admin reads that the invitation links an organisation already on Tawreed, and approves.
  await signInAnyPassword(page, locale, admin)
  await page.goto(invitePage)
  await expect(page.locator("main .page-head .status")).toHaveText(s.underReview)
  await expect(page.locator(".alert[role=note]")).toContainText(organisation)
  await expect(page.locator(".alert[role=note]")).toContainText(words.linkedNote)
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole("button", { name: s.approve, exact: true }).click()
  await expect(page.locator("[data-toasts] .toast__message")).toHaveText(s.approved)
  await expect(page.locator("main .page-head .status")).toHaveText(s.approvedStatus)

  // Listed active, and connected to the organisation's own account.
  await page.goto(`/${locale}/vendors?search=${encodeURIComponent(organisation)}`)
  await expect(page.locator("tr[data-vendor]")).toHaveCount(1)
  await expect(page.locator("tr[data-vendor]")).toContainText(s.active)
  await page.locator("tr[data-vendor] a").first().click()
  await expect(page.locator("main")).toContainText(words.connected)
})
