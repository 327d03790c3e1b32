/** Session-storage keys of SPEC.md §3: the last page that was not an error page, and error-page visit counts. */
export const lastPageKey = "lastPageNotFoundUrl"
export const errorVisitsKey = "errorPageVisits"
/** A toast to show on the next page (the connection-restored notice after the network-error page). */
export const flashKey = "tawreed.flash"

const storage = (): Storage | undefined => {
  try {
    return window.sessionStorage
  } catch {
    return undefined
  }
}

/** Remembers the current page as the last one that was not an error page, and starts error-page counts afresh. */
export const rememberPage = (): void => {
  const store = storage()
  store?.setItem(lastPageKey, `${window.location.pathname}${window.location.search}`)
  store?.removeItem(errorVisitsKey)
}

/** The last page that was not an error page, if one was visited in this tab. */
export const lastPage = (): string | undefined => storage()?.getItem(lastPageKey) ?? undefined

/** Counts one more visit to an error page; answers how many there have been since the last ordinary page. */
export const countErrorVisit = (page: string): number => {
  const store = storage()
  let visits: Record<string, number> = {}
  try {
    visits = JSON.parse(store?.getItem(errorVisitsKey) ?? "{}") as Record<string, number>
  } catch {
    visits = {}
  }
  const count = (visits[page] ?? 0) + 1
  store?.setItem(errorVisitsKey, JSON.stringify({ ...visits, [page]: count }))
  return count
}

/** Clears the error-page counts (before leaving an error page for the page it came from). */
export const forgetErrorVisits = (): void => storage()?.removeItem(errorVisitsKey)

export interface Flash {
  readonly kind: "success" | "error" | "warning" | "info"
  readonly title?: string | undefined
  readonly message: string
}

/** Leaves a toast for the next page. */
export const leaveFlash = (flash: Flash): void => storage()?.setItem(flashKey, JSON.stringify(flash))

/** Takes the toast the previous page left, once. */
export const takeFlash = (): Flash | undefined => {
  const store = storage()
  const text = store?.getItem(flashKey)
  store?.removeItem(flashKey)
  if (!text) return undefined
  try {
    return JSON.parse(text) as Flash
  } catch {
    return undefined
  }
}
