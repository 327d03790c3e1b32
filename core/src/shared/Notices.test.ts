import { assert, describe, it } from "@effect/vitest"
import { catalogue } from "./ErrorCatalogue.ts"
import {
  notices,
  noticeText,
  requestToast,
  requestToasts,
  securityCodeVerifiedCode,
  successMessage,
  toastDurationMs,
  type Toast
} from "./Notices.ts"

const arabic = /[\u0600-\u06FF]/

describe("success codes", () => {
  it("says the security code was verified for SECURITY_CODE_VERIFIED (S1001) and 'Success' otherwise", () => {
    assert.strictEqual(securityCodeVerifiedCode, "S1001")
    assert.strictEqual(successMessage("SECURITY_CODE_VERIFIED", "en"), "Security Code has been verified.")
    assert.strictEqual(successMessage("S1001", "en"), "Security Code has been verified.")
    assert.strictEqual(successMessage("S1002", "en"), "Success")
    assert.strictEqual(successMessage("SOMETHING_ELSE", "en"), "Success")
    assert.match(successMessage("S1001", "ar"), arabic)
  })
})

describe("notices", () => {
  it("keeps the spec's success notices word for word", () => {
    assert.deepStrictEqual(
      [
        notices.userStatusChanged.en,
        notices.userCreated.en,
        notices.usersCreated.en,
        notices.userUpdated.en,
        notices.tableStateSaved.en,
        notices.userDeleted.en,
        notices.resetPasswordEmailSent.en,
        notices.profileUpdated.en,
        notices.passwordSet.en,
        notices.signedIn.en,
        notices.passwordReset.en,
        notices.categoriesImported.en,
        notices.categoriesImportFailed.en,
        notices.categoryAdded.en,
        notices.categoryUpdated.en,
        notices.connected.en,
        notices.connectionRestored.en
      ],
      [
        "User status changed successfully",
        "User Created Successfully",
        "Users Created Successfully",
        "User Updated Successfully",
        "Saved Table State Successfully",
        "User Deleted Successfully",
        "Reset password email sent successfully.",
        "Updated User Profile Successfully",
        "Successfully Set Password.",
        "Signed in Successfully",
        "Your password has been reset",
        "Categories imported successfully",
        "Error Occurred while importing Categories",
        "Category added successfully",
        "Category updated successfully",
        "Connected",
        "Connection to the server has been restored"
      ]
    )
  })

  it("fills the email and the SKU into their notices", () => {
    assert.strictEqual(
      noticeText("securityCodeSent", "en", { email: "s**a@buyer.sa" }),
      "A security code has been sent to \u2068s**a@buyer.sa\u2069"
    )
    assert.strictEqual(
      noticeText("skuCopied", "en", { sku: "SKU-0042" }),
      "Item SKU '\u2068SKU-0042\u2069' has successfully copied to your clipboard."
    )
    assert.include(noticeText("skuCopied", "ar", { sku: "SKU-0042" }), "SKU-0042")
  })

  it("keeps the generic messages and agrees with the catalogue on them", () => {
    assert.strictEqual(notices.processingFailed.en, "Error Occurred Processing request. Please try again.")
    assert.strictEqual(notices.unexpected.en, "An unexpected error occurred. Please try again later.")
    assert.strictEqual(notices.setPasswordFailed.en, "Error occured while resetting password. Please contact admin.")
    assert.strictEqual(notices.uploadInProgress.en, "Please wait for the upload to finish")
    assert.strictEqual(notices.loading.en, "Loading")
    const byCode = new Map(catalogue.map((e) => [e.code, e.en]))
    assert.strictEqual(byCode.get("E9001"), notices.unexpected.en)
    assert.strictEqual(byCode.get("E9002"), notices.processingFailed.en)
    assert.strictEqual(byCode.get("E3002"), notices.insufficientPrivileges.en)
    assert.strictEqual(byCode.get("E3003"), notices.moduleAccessDenied.en)
    assert.strictEqual(byCode.get("E6013"), notices.browserOnly.en)
  })

  it("has every notice in Arabic", () => {
    for (const [key, text] of Object.entries(notices)) assert.match(text.ar, arabic, key)
  })

  it("shows a toast for 5 seconds", () => {
    assert.strictEqual(toastDurationMs, 5000)
  })
})

describe("request toasts", () => {
  it("keeps every success and failure toast of SPEC.md §8, typos included", () => {
    const pairs = Object.values<Toast>(requestToasts).map((t) => [t.success?.en ?? null, t.failure.en])
    assert.deepStrictEqual(pairs, [
      ["Request Copied Successfully", "Failed to copy request"],
      ["Request Created Successfully", "Unable to create a request"],
      ["Request Updated Successfully", "Unable to update a request"],
      ["Request Returned to Draft Successfully", "Unable to return request to draft"],
      ["Request Archived Successfully", "Unable to archive a request"],
      ["Inventory updated Successfully", "Unable to update Inventory"],
      ["Request closed Successfully", "Unable to close request"],
      ["Request approved Successfully", "Unable to approve request"],
      ["Request Rejected Successfully", "Unable to Reject request"],
      ["Request Returned Successfully", "Unable to Return request"],
      ["Request Submitted Successfully", "Unable to submit a request"],
      ["RFP Created Successfully", "Unable to create your request"],
      [null, "Unable to update your request"],
      ["Response Scored Successfully", "Unable to score Response"],
      ["Response Status Updated Sucessfully", "Unable to Update Response Status"],
      [
        "Technical response has been submitted for commercial evaluation successfully",
        "Unable to Submit to Commerical"
      ],
      ["RFP Submitted Successfully", "Unable to submit your request"],
      ["Request Saved Successfully", "Failed to save request"]
    ])
  })

  it("has every toast in Arabic", () => {
    for (const [key, toast] of Object.entries<Toast>(requestToasts)) {
      assert.match(toast.failure.ar, arabic, key)
      if (toast.success) assert.match(toast.success.ar, arabic, key)
    }
  })

  it("picks a toast by action and outcome", () => {
    assert.strictEqual(requestToast("approve", "success", "en"), "Request approved Successfully")
    assert.strictEqual(requestToast("approve", "failure", "en"), "Unable to approve request")
    assert.isUndefined(requestToast("updateRfp", "success", "en"))
  })
})
