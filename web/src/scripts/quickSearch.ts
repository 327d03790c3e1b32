import { pluralCategory } from "@tawreed/core/shared/Text"

/* The header's quick search (components/carts/QuickSearch.astro), loaded when the field or the dialog's button is
   first used: the inline autocomplete on `GET products/quickSearchByOrg` and the full-screen Quick Search View on
   `POST products/searchByOrg`. Searches run only for more than 2 characters of trimmed text (SPEC.md §5). */

interface Hit {
  readonly id: string
  readonly sku: string
  readonly name: { readonly en: string; readonly ar: string }
}
interface Found extends Hit {
  readonly brand: string
  readonly description: { readonly en: string; readonly ar: string }
  readonly mediaList: ReadonlyArray<{ readonly src: string }>
}

const minimumLength = 3
const debounceMs = 250

export const start = (root: HTMLElement): void => {
  if (root.dataset["started"] === "true") return
  root.dataset["started"] = "true"
  const messages = JSON.parse(root.dataset["quickSearch"] ?? "{}") as Readonly<Record<string, string>>
  const locale = root.dataset["locale"] === "ar" ? "ar" : "en"
  const nameOf = (n: { en: string; ar: string }) => (locale === "ar" ? n.ar || n.en : n.en || n.ar)
  const productHref = (id: string) => `/${locale}/products/${encodeURIComponent(id)}`
  const headers = { accept: "application/json", "accept-language": locale }

  // -- The inline autocomplete -------------------------------------------------------------------------------------
  const input = root.querySelector<HTMLInputElement>(".quick-search__input")
  const list = root.querySelector<HTMLUListElement>(".quick-search__list")
  let timer: ReturnType<typeof setTimeout> | undefined
  let asked = 0
  let active = -1
  const close = () => {
    if (!list || !input) return
    list.hidden = true
    list.replaceChildren()
    input.setAttribute("aria-expanded", "false")
    input.removeAttribute("aria-activedescendant")
    active = -1
  }
  const options = () => [...(list?.querySelectorAll<HTMLElement>('[role="option"]') ?? [])]
  const highlight = (n: number) => {
    const all = options()
    active = all.length === 0 ? -1 : (n + all.length) % all.length
    all.forEach((o, i) => o.setAttribute("aria-selected", String(i === active)))
    const chosen = all[active]
    if (chosen && input) input.setAttribute("aria-activedescendant", chosen.id)
  }
  const suggest = async (text: string) => {
    const ask = ++asked
    const response = await fetch(`/api/products/quickSearchByOrg?name=${encodeURIComponent(text)}`, { headers }).catch(
      () => undefined
    )
    if (ask !== asked || !list || !input) return
    const body = response?.ok ? ((await response.json()) as { products: ReadonlyArray<Hit> }) : { products: [] }
    list.replaceChildren(
      ...body.products.map((hit, i) => {
        const li = document.createElement("li")
        li.id = `quick-search-option-${i}`
        li.setAttribute("role", "option")
        li.setAttribute("aria-selected", "false")
        // An option holds text only (no link inside a listbox option); choosing it opens the product.
        li.dataset["href"] = productHref(hit.id)
        li.className = "quick-search__option"
        const sku = document.createElement("span")
        sku.className = "quick-search__sku"
        sku.dir = "ltr"
        sku.textContent = hit.sku
        li.append(nameOf(hit.name), " ", sku)
        li.addEventListener("click", () => window.location.assign(li.dataset["href"] ?? ""))
        return li
      })
    )
    list.hidden = body.products.length === 0
    input.setAttribute("aria-expanded", String(body.products.length > 0))
    active = -1
  }
  input?.addEventListener("input", () => {
    clearTimeout(timer)
    const text = input.value.trim().toLowerCase()
    if (text.length < minimumLength) {
      asked++
      close()
      return
    }
    timer = setTimeout(() => void suggest(text), debounceMs)
  })
  input?.addEventListener("keydown", (event) => {
    if (list?.hidden !== false) return
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault()
      highlight(active + (event.key === "ArrowDown" ? 1 : -1))
    } else if (event.key === "Enter" && active >= 0) {
      event.preventDefault()
      window.location.assign(options()[active]?.dataset["href"] ?? "")
    } else if (event.key === "Escape") close()
  })
  input?.addEventListener("blur", () => setTimeout(close, 200))
  if (input && input.value.trim().length >= minimumLength && document.activeElement === input)
    void suggest(input.value.trim())

  // -- The Quick Search View dialog --------------------------------------------------------------------------------
  const dialog = root.querySelector<HTMLDialogElement>(".quick-search__dialog")
  const field = root.querySelector<HTMLInputElement>(".quick-search__dialog-input")
  const status = root.querySelector<HTMLElement>(".quick-search__status")
  const results = root.querySelector<HTMLUListElement>(".quick-search__results")
  let dialogTimer: ReturnType<typeof setTimeout> | undefined
  let dialogAsked = 0
  const say = (text: string) => {
    if (status) status.textContent = text
  }
  const find = async (text: string) => {
    const ask = ++dialogAsked
    const response = await fetch(`/api/products/searchByOrg?name=${encodeURIComponent(text)}&limit=10`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: "null"
    }).catch(() => undefined)
    if (ask !== dialogAsked || !results) return
    const body = response?.ok
      ? ((await response.json()) as { products: ReadonlyArray<Found>; totalCount: number })
      : { products: [], totalCount: 0 }
    if (body.products.length === 0) say((messages["noMatch"] ?? "").replace(/\{\{\s*text\s*\}\}/g, text))
    else {
      const template =
        messages[`results_${pluralCategory(locale, body.products.length)}`] ?? messages["results_other"] ?? ""
      say(template.replace(/\{\{\s*count\s*\}\}/g, String(body.products.length)))
    }
    results.replaceChildren(
      ...body.products.map((p) => {
        const li = document.createElement("li")
        li.className = "quick-result"
        const src = p.mediaList[0]?.src
        if (src) {
          const img = document.createElement("img")
          img.src = src
          img.alt = ""
          img.width = 56
          img.height = 56
          img.loading = "lazy"
          li.append(img)
        } else {
          const placeholder = document.createElement("span")
          placeholder.className = "product-row__placeholder"
          li.append(placeholder)
        }
        const text = document.createElement("div")
        const name = document.createElement("p")
        name.className = "quick-result__name"
        name.textContent = nameOf(p.name)
        const more = document.createElement("p")
        more.className = "quick-result__more"
        more.dir = "auto"
        more.textContent = [p.brand, nameOf(p.description)].filter((s) => s.trim() !== "").join(" · ")
        text.append(name, more)
        const view = document.createElement("a")
        view.className = "button"
        view.href = productHref(p.id)
        view.textContent = messages["viewProduct"] ?? ""
        li.append(text, view)
        return li
      })
    )
  }
  field?.addEventListener("input", () => {
    clearTimeout(dialogTimer)
    const text = field.value.trim().toLowerCase()
    if (text.length < minimumLength) {
      dialogAsked++
      results?.replaceChildren()
      say(messages["tooShort"] ?? "")
      return
    }
    dialogTimer = setTimeout(() => void find(text), debounceMs)
  })
  root.querySelector("[data-quick-search-close]")?.addEventListener("click", () => dialog?.close())
}

/** Opens the Quick Search View. */
export const openDialog = (root: HTMLElement): void => {
  start(root)
  const dialog = root.querySelector<HTMLDialogElement>(".quick-search__dialog")
  if (dialog && !dialog.open) dialog.showModal()
  root.querySelector<HTMLInputElement>(".quick-search__dialog-input")?.focus()
}

/**
 * A use of the quick search that the header's loader (scripts/headerTools.ts) saw: a click on the phone's button opens
 * the Quick Search View; any other use (the field focused) starts the suggestions.
 */
export const use = (event: unknown): void => {
  const target = event instanceof Event && event.target instanceof Element ? event.target : undefined
  const root = target?.closest<HTMLElement>("[data-quick-search]")
  if (!root) return
  if (event instanceof Event && event.type === "click" && target?.closest("[data-quick-search-open]")) openDialog(root)
  else start(root)
}
