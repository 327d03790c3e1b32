import { useStore } from "@nanostores/react"
import { useEffect, useRef, useState } from "react"
import { canDecrease, decrease, increase, normalise } from "../../client/quantity.ts"
import {
  $cartBusy,
  $cartCounts,
  $cartLines,
  $drafts,
  $openCart,
  type CartKind,
  type CartLineView,
  clearCart,
  loadDrafts,
  removeFromCart,
  selectDraft,
  setCartQuantity
} from "../../stores/carts.ts"

/** The cart strings of the catalogue (i18n/*\/carts.json `cart`). */
export type CartMessages = Readonly<Record<string, string | Readonly<Record<string, string>>>>

export interface CartPanelProps {
  readonly locale: "en" | "ar"
  readonly messages: CartMessages
}

const text = (m: CartMessages, key: string, params: Readonly<Record<string, string | number>> = {}): string => {
  const template = m[key]
  const raw = typeof template === "string" ? template : key
  return raw.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ""))
}
const counted = (
  m: CartMessages,
  key: string,
  locale: string,
  count: number,
  params: Readonly<Record<string, string>> = {}
) => {
  const category = new Intl.PluralRules(locale).select(count)
  return text(m, typeof m[`${key}_${category}`] === "string" ? `${key}_${category}` : `${key}_other`, {
    ...params,
    count
  })
}

/** Where a cart's button leads: the RFQ cart to a new request; the order cart to the order form (SPEC.md §2 /orders/create/info). */
const requestPath = (locale: string, kind: CartKind) =>
  kind === "order"
    ? `/${locale}/orders/create/info?rfqCart=true&cart=order`
    : `/${locale}/requests/create/product-request?rfqCart=true${kind === "rfq" ? "" : `&cart=${kind}`}`

const CartLine = ({
  line,
  kind,
  locale,
  m
}: {
  line: CartLineView
  kind: CartKind
  locale: string
  m: CartMessages
}) => {
  const busy = useStore($cartBusy)[line.product.id] === true
  const [value, setValue] = useState(line.quantity)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => {
    if (!pending.current) setValue(line.quantity)
  }, [line.quantity])
  const minimum = Number(line.minimum)
  const name =
    locale === "ar" ? line.product.name.ar || line.product.name.en : line.product.name.en || line.product.name.ar
  const pending = useRef(false)
  const send = (next: string) => {
    clearTimeout(timer.current)
    pending.current = false
    void setCartQuantity(kind, line.product.id, next)
  }
  const save = (next: string) => {
    setValue(next)
    clearTimeout(timer.current)
    pending.current = true
    // Edits wait a moment before they are sent (SPEC.md §4 quantity control), so a run of clicks is one change.
    timer.current = setTimeout(() => send(next), 600)
  }
  const id = `cart-line-${kind}-${line.product.id.slice(0, 8)}`
  const money = new Intl.NumberFormat(locale === "ar" ? "ar-SA-u-nu-latn" : "en-GB", {
    style: "currency",
    currency: line.product.currency || "SAR",
    currencyDisplay: "code"
  })
  return (
    <li className="cart-line" data-cart-line={line.product.id}>
      {line.product.image ? (
        <img className="cart-line__image" src={line.product.image} alt="" width={48} height={48} loading="lazy" />
      ) : (
        <span className="product-row__placeholder cart-line__image" aria-hidden="true" />
      )}
      <div className="cart-line__text">
        <p className="cart-line__name" dir="auto">
          {name}
        </p>
        <p className="cart-line__meta">
          <span dir="ltr">{line.product.sku}</span> · {money.format(line.product.price)} ·{" "}
          {text(m, "minimum", { minimum: line.minimum })}
        </p>
      </div>
      <div className="stepper">
        <button
          type="button"
          className="button button--icon stepper__step"
          aria-label={text(m, "decrease", { name })}
          aria-controls={id}
          disabled={busy || !canDecrease(value, minimum)}
          onClick={() => save(decrease(normalise(value, minimum), minimum))}
        >
          −
        </button>
        <label className="visually-hidden" htmlFor={id}>
          {text(m, "quantity", { name })}
        </label>
        <input
          id={id}
          className="stepper__input"
          type="text"
          inputMode="decimal"
          dir="ltr"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onBlur={() => {
            // Leaving the field sends at once what it holds, snapped to the minimum (SPEC.md §5).
            const next = normalise(value, minimum)
            setValue(next)
            if (next !== line.quantity || pending.current) send(next)
          }}
        />
        <button
          type="button"
          className="button button--icon stepper__step"
          aria-label={text(m, "increase", { name })}
          aria-controls={id}
          disabled={busy}
          onClick={() => save(increase(normalise(value, minimum)))}
        >
          +
        </button>
      </div>
      <button
        type="button"
        className="button button--quiet"
        disabled={busy}
        onClick={() => void removeFromCart(kind, line.product.id)}
      >
        {text(m, "remove", { name })}
      </button>
    </li>
  )
}

/**
 * The cart panel (SPEC.md §2 Cart sidebars): a side panel titled 'Added Product/services to cart' with the cart's
 * count, a grid or list of its lines with their quantities, View Cart, Close Cart & Explore, Create RFQ (or Create
 * Order), Remove All, and 'No Products added'. It shares the carts' stores with the header's buttons and the
 * product rows, and is loaded only when a cart button is first used.
 */
export const CartPanel = ({ locale, messages: m }: CartPanelProps) => {
  const open = useStore($openCart)
  const counts = useStore($cartCounts)
  const lines = useStore($cartLines)
  const [layout, setLayout] = useState<"list" | "grid">("list")
  const dialog = useRef<HTMLDialogElement>(null)
  const title = useRef<HTMLHeadingElement>(null)
  const [kind, setKind] = useState<CartKind>("rfq")

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open !== null) {
      setKind(open)
      if (!element.open) element.showModal()
      title.current?.focus()
    } else if (element.open) element.close()
  }, [open])

  const shown = lines[kind]
  const count = counts[kind]
  const drafts = useStore($drafts)
  // The public cart's draft orders follow its lines: one per vendor, a vendor's draft gone with its last item.
  useEffect(() => {
    if (kind === "public" && shown !== undefined) void loadDrafts()
  }, [kind, shown])
  return (
    <dialog
      ref={dialog}
      id="cart-panel"
      className="panel cart-panel"
      aria-labelledby="cart-panel-title"
      onClose={() => $openCart.set(null)}
      onClick={(event) => {
        if (event.target === event.currentTarget) $openCart.set(null)
      }}
    >
      <div className="panel__body">
        <header className="panel__header">
          <h2 id="cart-panel-title" className="panel__title" tabIndex={-1} ref={title}>
            {text(m, "panelTitle")}
            <span className="panel__count">{counted(m, "count", locale, count)}</span>
          </h2>
          <p className="cart-panel__cart">{text(m, kind)}</p>
          <div className="panel__actions" role="group" aria-label={text(m, "layout")}>
            <button type="button" className="button" aria-pressed={layout === "grid"} onClick={() => setLayout("grid")}>
              {text(m, "grid")}
            </button>
            <button type="button" className="button" aria-pressed={layout === "list"} onClick={() => setLayout("list")}>
              {text(m, "list")}
            </button>
          </div>
        </header>
        <section className="panel__content" aria-label={text(m, kind)} aria-busy={shown === undefined}>
          {shown === undefined ? (
            <p className="panel__state">{text(m, "loading")}</p>
          ) : shown.length === 0 ? (
            <p className="panel__state">{text(m, "empty")}</p>
          ) : (
            <ul className={`cart-lines cart-lines--${layout}`} role="list">
              {shown.map((line) => (
                <CartLine key={line.product.id} line={line} kind={kind} locale={locale} m={m} />
              ))}
            </ul>
          )}
        </section>
        {kind === "public" && drafts !== undefined && drafts.drafts.length > 0 ? (
          <fieldset className="cart-panel__drafts">
            <legend>{text(m, "drafts")}</legend>
            {drafts.drafts.map((draft) => (
              <label className="check" key={draft.vendorKey}>
                <input
                  type="radio"
                  name="cart-draft"
                  value={draft.vendorKey}
                  checked={drafts.selected === draft.vendorKey}
                  onChange={() => void selectDraft(draft.vendorKey)}
                />
                {text(m, "draftOf", { vendor: draft.vendorName })} · {text(m, "total")}{" "}
                <span dir="ltr">
                  {draft.total} {draft.currency}
                </span>
              </label>
            ))}
          </fieldset>
        ) : null}
        <footer className="cart-panel__footer">
          <a className="button" href={`/${locale}/products?cart=${kind}`}>
            {text(m, "view")}
          </a>
          <button type="button" className="button" onClick={() => $openCart.set(null)}>
            {text(m, "close")}
          </button>
          {shown !== undefined && shown.length > 0 ? (
            <>
              <button type="button" className="button" onClick={() => void clearCart(kind)}>
                {text(m, "removeAll")}
              </button>
              <a className="button button--primary" href={requestPath(locale, kind)}>
                {kind === "rfq" ? text(m, "createRfq") : text(m, "createOrder")}
              </a>
            </>
          ) : null}
        </footer>
      </div>
    </dialog>
  )
}
