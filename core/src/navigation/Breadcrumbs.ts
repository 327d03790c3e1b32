/** One crumb of the breadcrumb bar (SPEC.md §3 Breadcrumb). */
export interface Breadcrumb {
  readonly name: string
  readonly url: string
  readonly queryParams?: Readonly<Record<string, string>> | undefined
  readonly icon?: string | undefined
  readonly img?: string | undefined
  readonly pauseDisplay?: boolean | undefined
  readonly disabled?: boolean | undefined
  readonly isSubCatgory?: boolean | undefined
}

/** The bar holds at most 10 crumbs (SPEC.md §2, §9). */
export const maxBreadcrumbs = 10

/** Adds a crumb; past the cap the oldest crumbs give way, so the newest 10 remain. */
export const pushBreadcrumb = (crumbs: ReadonlyArray<Breadcrumb>, crumb: Breadcrumb): ReadonlyArray<Breadcrumb> =>
  [...crumbs, crumb].slice(-maxBreadcrumbs)

/** Clicking a crumb keeps it and drops the ones after it. */
export const truncateBreadcrumbs = (crumbs: ReadonlyArray<Breadcrumb>, index: number): ReadonlyArray<Breadcrumb> =>
  crumbs.slice(0, Math.max(0, index + 1))

/** Where BACK goes when no crumb is left: the module's board under budgets and orders, else the action board. */
export const backFallback = (currentPath: string): string => {
  const segments =
    currentPath
      .split(/[?#]/)[0]
      ?.split("/")
      .filter((s) => s !== "" && s !== "en" && s !== "ar") ?? []
  const module = segments[0]
  return module === "budgets" ? "budgets/list" : module === "orders" ? "orders/offers" : "actionboard"
}

/** BACK pops the last crumb and goes to the one before it, or to the fallback when none remains. */
export const goBack = (
  crumbs: ReadonlyArray<Breadcrumb>,
  currentPath: string
): { readonly crumbs: ReadonlyArray<Breadcrumb>; readonly to: string } => {
  const remaining = crumbs.slice(0, -1)
  const previous = remaining[remaining.length - 1]
  return { crumbs: remaining, to: previous?.url ?? backFallback(currentPath) }
}
