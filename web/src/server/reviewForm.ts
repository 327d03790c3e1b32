/** The decisions the review form offers (components/approvals/ReviewForm.astro). */
const decisions = ["approve", "return", "reject"] as const

/**
 * The review a post of the review form asks for, as every approvable document's review input takes it: the decision
 * (approve unless return or reject is named), the remark as typed (trimmed, up to 2,000 characters), and whether
 * a super user decides over all levels.
 */
export const reviewFromForm = (data: FormData) => {
  const decision = String(data.get("decision") ?? "")
  return {
    action: decisions.find((d) => d === decision) ?? "approve",
    remark: String(data.get("remark") ?? "")
      .trim()
      .slice(0, 2000),
    isSuperApproval: data.get("isSuperApproval") === "on"
  }
}
