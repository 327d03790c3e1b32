import { ItemPrice, ItemTax, LineAmounts, RequestItem } from "@tawreed/core/requests"
import { describeError, withoutIsolates } from "@tawreed/core/shared"
import { Effect, Result } from "effect"
import { describe, expect, it } from "vitest"
import {
  budgetChoiceOf,
  budgetOfChoice,
  dayOf,
  expenseUpdateFromValues,
  expenseValuesFromForm,
  infoValuesFromForm,
  itemIntentOf,
  itemInputsOf,
  itemRowOf,
  itemRowsFromForm,
  keptTaxesJson,
  keptTaxesOf,
  itemsUpdateFromValues,
  itemsValuesFromForm,
  maxItemRows,
  newExpenseFromValues,
  newRequestFromItems
} from "./requestForms.ts"

const form = (entries: Array<[string, string]>) => {
  const data = new FormData()
  for (const [k, v] of entries) data.append(k, v)
  return data
}

const itemsForm = (extra: Array<[string, string]> = []) =>
  form(
    [
      ["workspaceId", "ws-1"],
      ["title", " Printer paper "],
      ["itemCount", "3"],
      ["item-0-id", ""],
      ["item-0-nameEn", "A4 paper"],
      ["item-0-nameAr", "ورق"],
      ["item-0-quantity", "١٠"],
      ["item-0-unit", "box"],
      ["item-0-price", "1,250.50"],
      ["item-0-taxMode", "EXCLUSIVE"],
      ["item-0-taxRate", "15"],
      ["item-1-nameEn", ""],
      ["item-1-nameAr", ""],
      ["item-1-quantity", "1"],
      ["item-1-unit", ""],
      ["item-1-price", ""],
      ["item-1-taxMode", "none"],
      ["item-1-taxRate", ""],
      ["item-2-id", "line-7"],
      ["item-2-nameEn", ""],
      ["item-2-nameAr", "دباسة"],
      ["item-2-quantity", "2"],
      ["item-2-unit", ""],
      ["item-2-price", ""],
      ["item-2-taxMode", "INCLUSIVE"],
      ["item-2-taxRate", ""]
    ]
      // A field given again replaces the one above.
      .filter(([name]) => !extra.some(([given]) => given === name))
      .concat(extra) as Array<[string, string]>
  )

describe("the request forms", () => {
  it("read the items step: digits made plain, blank rows left out, a line's id kept, one tax per line", () => {
    const values = itemsValuesFromForm(itemsForm())
    expect(values.items).toHaveLength(3)
    const input = Effect.runSync(newRequestFromItems("product", values))
    expect(input.requestType).toBe("product")
    expect(input.workspaceId).toBe("ws-1")
    expect(input.title).toBe("Printer paper")
    expect(input.items?.map((i) => [i.id, i.name?.en, i.name?.ar, i.quantity, i.price?.basePrice])).toEqual([
      [undefined, "A4 paper", "ورق", "10", "1250.50"],
      ["line-7", "", "دباسة", "2", "0"]
    ])
    expect(input.items?.[0]?.price?.taxes).toEqual([{ name: "Tax", mode: "EXCLUSIVE", type: "PERCENT", value: "15" }])
    // A tax mode without a rate is no tax.
    expect(input.items?.[1]?.price?.taxes).toEqual([])
  })

  it("add a row or take one out when a row button posts the form, and keep at least one row", () => {
    expect(itemIntentOf(itemsForm())).toEqual({ type: "save" })
    expect(itemRowsFromForm(itemsForm([["intent", "addItem"]]))).toHaveLength(4)
    const removed = itemRowsFromForm(itemsForm([["intent", "removeItem-0"]]))
    expect(removed.map((r) => r.nameAr)).toEqual(["", "دباسة"])
    const single = form([
      ["itemCount", "1"],
      ["item-0-nameEn", "Desk"],
      ["intent", "removeItem-0"]
    ])
    expect(itemRowsFromForm(single)).toEqual([expect.objectContaining({ nameEn: "", quantity: "1" })])
    expect(itemRowsFromForm(form([["itemCount", "100000"]]))).toHaveLength(maxItemRows)
  })

  it("refuse a price that is not an amount with the catalogue's field message, by the field's name", () => {
    const values = itemsValuesFromForm(itemsForm([["item-0-price", "12,5x"]]))
    const refused = Effect.runSync(Effect.result(newRequestFromItems("product", values)))
    expect(Result.isFailure(refused)).toBe(true)
    if (Result.isFailure(refused)) {
      expect(refused.failure.field).toBe("basePrice")
      expect(withoutIsolates(describeError(refused.failure, "en").message)).toContain("Unit price")
    }
  })

  it("save a draft's items at the version read, without its workspace", () => {
    const input = Effect.runSync(itemsUpdateFromValues("req-1", 4, itemsValuesFromForm(itemsForm())))
    expect(input.id).toBe("req-1")
    expect(input.version).toBe(4)
    expect("workspaceId" in input).toBe(false)
    expect(input.items).toHaveLength(2)
  })

  it("name a budget line by its budget and key, and read it back; none for an empty choice", () => {
    const choice = budgetChoiceOf({ budgetId: "b-1", line: "6200|a" })
    expect(choice).toBe("b-1|6200|a")
    expect(budgetOfChoice(choice)).toEqual({ budgetId: "b-1", line: "6200|a" })
    expect(budgetOfChoice("")).toBeNull()
    expect(budgetChoiceOf(null)).toBe("")
    expect(infoValuesFromForm(form([["budget", choice]])).budget).toBe(choice)
  })

  it("show a stored day as the date field's value", () => {
    expect(dayOf("2026-12-04T23:59:59.999Z")).toBe("2026-12-04")
    expect(dayOf(null)).toBe("")
  })

  it("read the expense form: its invoice, vendor and priority, and its lines as expense lines", () => {
    const data = form([
      ["workspaceId", "ws-1"],
      ["title", "Taxi fares"],
      ["vendorName", " Riyadh Taxi "],
      ["invoiceDate", "2026-11-20"],
      ["paymentDueDate", ""],
      ["priority", "HIGH"],
      ["budget", "b-1|6100"],
      ["itemCount", "1"],
      ["item-0-nameEn", "Airport taxi"],
      ["item-0-quantity", "1"],
      ["item-0-price", "120"]
    ])
    const values = expenseValuesFromForm(data)
    const input = Effect.runSync(newExpenseFromValues("reimbursement", values))
    expect(input.requestType).toBe("reimbursement")
    expect(input.items).toBeUndefined()
    expect(input.expenseItems?.map((i) => i.name?.en)).toEqual(["Airport taxi"])
    expect(input.expense).toEqual({
      invoiceDate: "2026-11-20",
      paymentDueDate: null,
      vendor: { id: null, name: "Riyadh Taxi" },
      requestPriority: "HIGH"
    })
    expect(input.budget).toEqual({ budgetId: "b-1", line: "6100" })
    // An unknown priority reads as the spec's default.
    expect(expenseValuesFromForm(form([["priority", "URGENT"]])).priority).toBe("LOW")
    const update = Effect.runSync(expenseUpdateFromValues("req-2", 1, { ...values, vendorName: "" }))
    expect(update.expense?.vendor).toBeNull()
  })

  it("keep every tax of a line through an edit: the one the form edits, and the others as they were", () => {
    const taxes = [
      new ItemTax({ name: "Levy", mode: "EXCLUSIVE", type: "ABSOLUTE", value: "12.50" }),
      new ItemTax({ name: "VAT", mode: "EXCLUSIVE", type: "PERCENT", value: "15" }),
      new ItemTax({ name: "Municipal fee", mode: "INCLUSIVE", type: "PERCENT", value: "2" })
    ]
    const line = new RequestItem({
      id: "line-1",
      lineSeqId: 1,
      product: null,
      manualProduct: true,
      name: { en: "Toner", ar: "حبر" },
      description: "",
      category: null,
      expenseAccount: null,
      quantity: "3",
      unit: "box",
      allowDifferentBrand: false,
      allowAlternateProduct: false,
      price: new ItemPrice({ basePrice: "100", currency: "SAR", taxes }),
      amounts: new LineAmounts({ net: "0", tax: "0", total: "0" }),
      vendors: []
    })
    const row = itemRowOf(line)
    expect([row.taxName, row.taxMode, row.taxRate]).toEqual(["VAT", "EXCLUSIVE", "15"])
    // The row as the form posts it back: its fields, and the hidden ones that carry the taxes it does not edit.
    const posted = (rate: string) =>
      form([
        ["itemCount", "1"],
        ["item-0-id", row.id],
        ["item-0-nameEn", row.nameEn],
        ["item-0-nameAr", row.nameAr],
        ["item-0-quantity", row.quantity],
        ["item-0-unit", row.unit],
        ["item-0-price", row.price],
        ["item-0-taxMode", row.taxMode],
        ["item-0-taxRate", rate],
        ["item-0-taxName", row.taxName],
        ["item-0-otherTaxes", keptTaxesJson(row.otherTaxes)]
      ])
    const plain = (list: ReadonlyArray<{ name: string; mode: string; type: string; value: string }>) =>
      list.map((t) => `${t.name} ${t.mode} ${t.type} ${t.value}`).sort()
    const kept = itemInputsOf(itemRowsFromForm(posted(row.taxRate)))
    expect(plain(kept[0]!.price.taxes)).toEqual(plain(taxes))
    // A new rate changes only the tax the form edits.
    const changed = itemInputsOf(itemRowsFromForm(posted("5")))
    expect(plain(changed[0]!.price.taxes)).toEqual(plain([taxes[0]!, { ...taxes[1]!, value: "5" }, taxes[2]!]))
    const cleared = itemInputsOf(itemRowsFromForm(posted("")))
    expect(plain(cleared[0]!.price.taxes)).toEqual(plain([taxes[0]!, taxes[2]!]))
    // What is not a list of taxes in the hidden field carries none.
    expect(keptTaxesOf("not json")).toEqual([])
    expect(keptTaxesOf('[{"name":"x"}]')).toEqual([])
  })

  it("read the expense form's invoice files apart from its other files", () => {
    const data = form([
      ["title", "Taxi fares"],
      ["attachmentsShown", "1"],
      ["attachments", "0b0e0000-0000-4000-8000-00000000000a"],
      ["invoiceAttachments", "0b0e0000-0000-4000-8000-00000000000b"],
      ["itemCount", "1"],
      ["item-0-nameEn", "Airport taxi"],
      ["item-0-quantity", "1"]
    ])
    const input = Effect.runSync(newExpenseFromValues("expense", expenseValuesFromForm(data)))
    expect(input.attachments).toEqual(["0b0e0000-0000-4000-8000-00000000000a"])
    expect(input.expense?.invoiceAttachments).toEqual(["0b0e0000-0000-4000-8000-00000000000b"])
  })
})
