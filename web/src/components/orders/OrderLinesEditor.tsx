import { useId, useState } from "react"
import { BigDecimal, Option } from "effect"
import { formatMoney, isPricingProblem, priceOrder, type OrderPricingTerms } from "@tawreed/core/orders/OrderPricing"
import type { Locale } from "@tawreed/core/shared/Locale"
import { format } from "../../i18n/format.ts"
import type messages from "../../i18n/en/orders.json"
import { emptyOrderLine, type AdjustmentRow, type OrderLineRow, type TaxModeValue } from "./orderRows.ts"

/** The island's texts: `messagesOf(locale, "orders")`. */
export type OrderMessages = typeof messages

export interface OrderLinesEditorProps {
  readonly locale: Locale
  readonly messages: OrderMessages
  readonly currency: string
  readonly taxMode: TaxModeValue
  readonly lines: ReadonlyArray<OrderLineRow>
  readonly shippingFee: string
  readonly shippingFeeTaxRate: string
  readonly adjustments: ReadonlyArray<AdjustmentRow>
  /** The tax rate a new line starts with (VAT 15 in SAR). */
  readonly defaultTaxRate: string
  /**
   * `order`: the whole form (lines, tax mode, shipping, adjustments); `amend`: lines only, a stored line's quantity
   * and price (never below what was received or billed), and new lines.
   */
  readonly mode: "order" | "amend"
  /** The most lines an order holds. */
  readonly maxLines: number
  readonly maxAdjustments: number
  /** The lines come from elsewhere (a cart's draft order): shown and priced, not edited here. */
  readonly linesFixed?: boolean | undefined
}

const decimal = (text: string): BigDecimal.BigDecimal =>
  Option.getOrElse(BigDecimal.fromString(text.trim() === "" ? "0" : text.trim()), () => BigDecimal.fromBigInt(0n))

const isDecimal = (text: string) => /^-?(?:\d+(?:\.\d*)?|\.\d+)$/.test(text.trim())

/**
 * An order's lines, shipping fee and adjustments as numbered form fields (server/orderForms.ts reads them back), with
 * each line's net, tax and total and the header's totals computed as the user types, by the core's own pricing
 * (`priceOrder`, the code the server prices the saved order with), so what the page shows is what is stored. The
 * server renders it with its fields, so the form posts without JavaScript; adding and removing rows needs it.
 */
export const OrderLinesEditor = (props: OrderLinesEditorProps) => {
  const { locale, messages: m, currency, mode, maxLines, maxAdjustments, linesFixed = false } = props
  const id = useId()
  const [taxMode, setTaxMode] = useState<TaxModeValue>(props.taxMode)
  const [lines, setLines] = useState<ReadonlyArray<OrderLineRow>>(
    props.lines.length > 0 ? props.lines : [emptyOrderLine(props.defaultTaxRate)]
  )
  const [shippingFee, setShippingFee] = useState(props.shippingFee)
  const [shippingFeeTaxRate, setShippingFeeTaxRate] = useState(props.shippingFeeTaxRate)
  const [adjustments, setAdjustments] = useState<ReadonlyArray<AdjustmentRow>>(props.adjustments)
  const money = new Intl.NumberFormat(locale === "ar" ? "ar-SA-u-nu-latn" : "en-GB", {
    style: "currency",
    currency,
    currencyDisplay: "code"
  })
  const show = (value: BigDecimal.BigDecimal) => money.format(Number(formatMoney(value, currency)))

  const terms: OrderPricingTerms = {
    currency,
    taxMode,
    lines: lines.map((line) => ({
      quantity: decimal(line.quantity),
      unitPrice: decimal(line.unitPrice),
      discount:
        line.discountType === "" || !isDecimal(line.discountValue)
          ? null
          : { type: line.discountType, value: decimal(line.discountValue) },
      taxRate: decimal(line.taxRate)
    })),
    shippingFee: decimal(shippingFee),
    shippingFeeTaxRate: decimal(shippingFeeTaxRate),
    adjustments: adjustments.map((a) => decimal(a.amount))
  }
  const priced = priceOrder(terms)
  const problem = isPricingProblem(priced) ? priced : undefined
  const totals = isPricingProblem(priced) ? undefined : priced

  const change = (index: number, patch: Partial<OrderLineRow>) =>
    setLines((all) => all.map((line, i) => (i === index ? { ...line, ...patch } : line)))
  const changeAdjustment = (index: number, patch: Partial<AdjustmentRow>) =>
    setAdjustments((all) => all.map((a, i) => (i === index ? { ...a, ...patch } : a)))
  const field = (index: number, name: string) => `line-${index}-${name}`
  const domId = (index: number, name: string) => `${id}-${field(index, name)}`

  return (
    <div className="order-editor" data-order-lines>
      {mode === "order" ? (
        <div className="field">
          <label htmlFor={`${id}-taxMode`}>{m.create.taxMode}</label>
          <select
            id={`${id}-taxMode`}
            name="taxMode"
            value={taxMode}
            onChange={(e) => setTaxMode(e.currentTarget.value === "INCLUSIVE" ? "INCLUSIVE" : "EXCLUSIVE")}
          >
            <option value="EXCLUSIVE">{m.taxMode.EXCLUSIVE}</option>
            <option value="INCLUSIVE">{m.taxMode.INCLUSIVE}</option>
          </select>
        </div>
      ) : null}
      <fieldset className="order-lines">
        <legend>{m.lines.legend}</legend>
        <input type="hidden" name="lineCount" value={lines.length} />
        <div className="table-scroll">
          <table className="table table--cards order-lines__table">
            <caption className="visually-hidden">{m.lines.legend}</caption>
            <thead>
              <tr>
                <th scope="col">{m.lines.name}</th>
                <th scope="col">{m.lines.quantity}</th>
                <th scope="col">{m.lines.unit}</th>
                <th scope="col">{`${m.lines.unitPrice} (${currency})`}</th>
                <th scope="col">{m.lines.discountValue}</th>
                <th scope="col">{m.lines.taxRate}</th>
                <th scope="col">{m.lines.net}</th>
                <th scope="col">{m.lines.tax}</th>
                <th scope="col">{m.lines.lineTotal}</th>
                <th scope="col">
                  <span className="visually-hidden">{m.details.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line, i) => {
                const figures = totals?.lines[i]
                const fixedName = line.fixedName || (mode === "amend" && line.id !== "")
                const fixedPrice = mode === "amend" && line.id !== "" && line.minQuantity !== ""
                const label = format(m.lines.line, { number: i + 1 })
                return (
                  <tr key={line.key} data-order-line={i}>
                    <th scope="row" data-label={m.lines.name}>
                      <input type="hidden" name={field(i, "id")} value={line.id} />
                      <input type="hidden" name={field(i, "requestItemId")} value={line.requestItemId} />
                      <input type="hidden" name={field(i, "product")} value={line.product} />
                      {fixedName ? (
                        <>
                          <input type="hidden" name={field(i, "nameEn")} value={line.nameEn} />
                          <input type="hidden" name={field(i, "nameAr")} value={line.nameAr} />
                          <bdi>{(locale === "ar" ? line.nameAr : line.nameEn) || line.nameEn || line.nameAr}</bdi>
                        </>
                      ) : (
                        <>
                          <label className="visually-hidden" htmlFor={domId(i, "nameEn")}>
                            {`${label}: ${m.lines.nameEn}`}
                          </label>
                          <input
                            id={domId(i, "nameEn")}
                            name={field(i, "nameEn")}
                            value={line.nameEn}
                            placeholder={m.lines.nameEn}
                            maxLength={300}
                            dir="ltr"
                            lang="en"
                            onChange={(e) => change(i, { nameEn: e.currentTarget.value })}
                          />
                          <label className="visually-hidden" htmlFor={domId(i, "nameAr")}>
                            {`${label}: ${m.lines.nameAr}`}
                          </label>
                          <input
                            id={domId(i, "nameAr")}
                            name={field(i, "nameAr")}
                            value={line.nameAr}
                            placeholder={m.lines.nameAr}
                            maxLength={300}
                            dir="rtl"
                            lang="ar"
                            onChange={(e) => change(i, { nameAr: e.currentTarget.value })}
                          />
                        </>
                      )}
                    </th>
                    <td data-label={m.lines.quantity}>
                      <label className="visually-hidden" htmlFor={domId(i, "quantity")}>
                        {`${label}: ${m.lines.quantity}`}
                      </label>
                      <input
                        id={domId(i, "quantity")}
                        name={field(i, "quantity")}
                        value={line.quantity}
                        inputMode="decimal"
                        dir="ltr"
                        maxLength={30}
                        required
                        readOnly={linesFixed}
                        onChange={(e) => change(i, { quantity: e.currentTarget.value })}
                      />
                      {line.minQuantity !== "" ? (
                        <span className="field__hint">{`${m.lines.received} / ${m.lines.billed}: ${line.minQuantity}`}</span>
                      ) : null}
                    </td>
                    <td data-label={m.lines.unit}>
                      {fixedName ? (
                        <>
                          <input type="hidden" name={field(i, "unit")} value={line.unit} />
                          <bdi>{line.unit || "—"}</bdi>
                        </>
                      ) : (
                        <>
                          <label className="visually-hidden" htmlFor={domId(i, "unit")}>
                            {`${label}: ${m.lines.unit}`}
                          </label>
                          <input
                            id={domId(i, "unit")}
                            name={field(i, "unit")}
                            value={line.unit}
                            maxLength={40}
                            dir="auto"
                            onChange={(e) => change(i, { unit: e.currentTarget.value })}
                          />
                        </>
                      )}
                    </td>
                    <td data-label={m.lines.unitPrice}>
                      <label className="visually-hidden" htmlFor={domId(i, "unitPrice")}>
                        {`${label}: ${m.lines.unitPrice}`}
                      </label>
                      <input
                        id={domId(i, "unitPrice")}
                        name={field(i, "unitPrice")}
                        value={line.unitPrice}
                        inputMode="decimal"
                        dir="ltr"
                        maxLength={24}
                        readOnly={fixedPrice || linesFixed}
                        onChange={(e) => change(i, { unitPrice: e.currentTarget.value })}
                      />
                    </td>
                    <td data-label={m.lines.discountValue}>
                      <label className="visually-hidden" htmlFor={domId(i, "discountType")}>
                        {`${label}: ${m.lines.discountType}`}
                      </label>
                      <select
                        id={domId(i, "discountType")}
                        name={field(i, "discountType")}
                        value={line.discountType}
                        disabled={linesFixed || (mode === "amend" && line.id !== "")}
                        onChange={(e) => {
                          const v = e.currentTarget.value
                          change(i, { discountType: v === "PERCENT" || v === "ABSOLUTE" ? v : "" })
                        }}
                      >
                        <option value="">{m.lines.noDiscount}</option>
                        <option value="PERCENT">{m.amountType.PERCENT}</option>
                        <option value="ABSOLUTE">{m.amountType.ABSOLUTE}</option>
                      </select>
                      {line.discountType === "" ? null : (
                        <>
                          <label className="visually-hidden" htmlFor={domId(i, "discountValue")}>
                            {`${label}: ${m.lines.discountValue}`}
                          </label>
                          <input
                            id={domId(i, "discountValue")}
                            name={field(i, "discountValue")}
                            value={line.discountValue}
                            inputMode="decimal"
                            dir="ltr"
                            maxLength={24}
                            readOnly={mode === "amend" && line.id !== ""}
                            onChange={(e) => change(i, { discountValue: e.currentTarget.value })}
                          />
                        </>
                      )}
                    </td>
                    <td data-label={m.lines.taxRate}>
                      <label className="visually-hidden" htmlFor={domId(i, "taxRate")}>
                        {`${label}: ${m.lines.taxRate}`}
                      </label>
                      <input
                        id={domId(i, "taxRate")}
                        name={field(i, "taxRate")}
                        value={line.taxRate}
                        inputMode="decimal"
                        dir="ltr"
                        maxLength={8}
                        readOnly={linesFixed || (mode === "amend" && line.id !== "")}
                        onChange={(e) => change(i, { taxRate: e.currentTarget.value })}
                      />
                    </td>
                    <td data-label={m.lines.net} data-amount>
                      <bdi>{figures ? show(figures.net) : "—"}</bdi>
                    </td>
                    <td data-label={m.lines.tax} data-amount>
                      <bdi>{figures ? show(figures.tax) : "—"}</bdi>
                    </td>
                    <td data-label={m.lines.lineTotal} data-amount data-line-total>
                      <bdi>{figures ? show(figures.total) : "—"}</bdi>
                    </td>
                    <td>
                      {lines.length > 1 && !linesFixed && !(mode === "amend" && line.id !== "") ? (
                        <button
                          type="button"
                          className="button"
                          onClick={() => setLines((all) => all.filter((_, j) => j !== i))}
                        >
                          {format(m.lines.remove, { number: i + 1 })}
                        </button>
                      ) : null}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
        {lines.length < maxLines && !linesFixed ? (
          <div className="form__actions">
            <button
              type="button"
              className="button"
              onClick={() => setLines((all) => [...all, emptyOrderLine(props.defaultTaxRate)])}
            >
              {m.lines.add}
            </button>
          </div>
        ) : null}
      </fieldset>
      {mode === "order" ? (
        <>
          <div className="form__grid">
            <div className="field">
              <label htmlFor={`${id}-shippingFee`}>{`${m.create.shippingFee} (${currency})`}</label>
              <input
                id={`${id}-shippingFee`}
                name="shippingFee"
                value={shippingFee}
                inputMode="decimal"
                dir="ltr"
                maxLength={24}
                onChange={(e) => setShippingFee(e.currentTarget.value)}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-shippingFeeTaxRate`}>{m.create.shippingFeeTax}</label>
              <input
                id={`${id}-shippingFeeTaxRate`}
                name="shippingFeeTaxRate"
                value={shippingFeeTaxRate}
                inputMode="decimal"
                dir="ltr"
                maxLength={8}
                onChange={(e) => setShippingFeeTaxRate(e.currentTarget.value)}
              />
            </div>
          </div>
          <fieldset className="order-plan">
            <legend>{m.create.adjustments}</legend>
            <p className="field__hint">{m.create.adjustmentHint}</p>
            <input type="hidden" name="adjustmentCount" value={adjustments.length} />
            {adjustments.map((adjustment, i) => (
              <div className="order-adjustment" key={adjustment.key}>
                <div className="field">
                  <label htmlFor={`${id}-adjustment-${i}-label`}>{`${m.create.adjustmentName} ${i + 1}`}</label>
                  <input
                    id={`${id}-adjustment-${i}-label`}
                    name={`adjustment-${i}-label`}
                    value={adjustment.label}
                    maxLength={200}
                    dir="auto"
                    onChange={(e) => changeAdjustment(i, { label: e.currentTarget.value })}
                  />
                </div>
                <div className="field">
                  <label htmlFor={`${id}-adjustment-${i}-amount`}>{`${m.create.adjustmentValue} (${currency})`}</label>
                  <input
                    id={`${id}-adjustment-${i}-amount`}
                    name={`adjustment-${i}-amount`}
                    value={adjustment.amount}
                    inputMode="decimal"
                    dir="ltr"
                    maxLength={24}
                    onChange={(e) => changeAdjustment(i, { amount: e.currentTarget.value })}
                  />
                </div>
                <button
                  type="button"
                  className="button"
                  onClick={() => setAdjustments((all) => all.filter((_, j) => j !== i))}
                >
                  {format(m.create.removeAdjustment, { number: i + 1 })}
                </button>
              </div>
            ))}
            {adjustments.length < maxAdjustments ? (
              <div className="form__actions">
                <button
                  type="button"
                  className="button"
                  onClick={() =>
                    setAdjustments((all) => [...all, { key: `a${Date.now()}-${all.length}`, label: "", amount: "" }])
                  }
                >
                  {m.create.addAdjustment}
                </button>
              </div>
            ) : null}
          </fieldset>
        </>
      ) : null}
      <section aria-labelledby={`${id}-totals`}>
        <h2 id={`${id}-totals`}>{m.totals.heading}</h2>
        {problem ? (
          <p className="alert" role="alert" data-pricing-problem>
            {m.toast.failed}
          </p>
        ) : null}
        <dl className="order-totals" aria-live="polite" data-order-totals>
          <dt>{m.totals.subtotal}</dt>
          <dd>
            <bdi>{totals ? show(totals.subTotal) : "—"}</bdi>
          </dd>
          <dt>{m.totals.discount}</dt>
          <dd>
            <bdi>{totals ? show(totals.discount) : "—"}</bdi>
          </dd>
          <dt>{m.totals.tax}</dt>
          <dd>
            <bdi>{totals ? show(totals.tax) : "—"}</bdi>
          </dd>
          <dt>{m.totals.shipping}</dt>
          <dd>
            <bdi>{totals ? show(totals.shippingFee) : "—"}</bdi>
          </dd>
          <dt>{m.totals.adjustments}</dt>
          <dd>
            <bdi>{totals ? show(totals.adjustments) : "—"}</bdi>
          </dd>
          <dt className="order-totals__grand">{m.totals.total}</dt>
          <dd className="order-totals__grand" data-order-total>
            <bdi>{totals ? show(totals.total) : "—"}</bdi>
          </dd>
        </dl>
      </section>
    </div>
  )
}
