import { useStore } from "@nanostores/react"
import { pageCount, pageSizes, type PageSize } from "@tawreed/core/shared/PageSizes"
import { format } from "../i18n/format.ts"
import { $page, changePageSize, goToPage } from "../stores/notifications.ts"
import type { NotificationMessages } from "./NotificationPanel.tsx"

/** How many numbered page links the paginator shows (SPEC.md §9). */
const pageLinks = 3

interface PaginatorProps {
  readonly messages: NotificationMessages
  readonly count: number
}

/** The numbered pages around the current one, at most `pageLinks` of them. */
const visiblePages = (current: number, pages: number): ReadonlyArray<number> => {
  const first = Math.max(0, Math.min(current - Math.floor(pageLinks / 2), pages - pageLinks))
  return Array.from({ length: Math.min(pageLinks, pages) }, (_, i) => first + i)
}

/** Pages through the notification list: previous, three page links, next, and the page size. */
export const Paginator = ({ messages: m, count }: PaginatorProps) => {
  const { index, size } = useStore($page)
  const pages = pageCount(count, size)
  const from = count === 0 ? 0 : index * size + 1
  const to = Math.min(count, (index + 1) * size)

  return (
    <nav className="paginator" aria-label={m.paginator.label}>
      <label className="paginator__size">
        <span>{m.paginator.pageSize}</span>
        <select value={size} onChange={(event) => changePageSize(Number(event.target.value) as PageSize)}>
          {pageSizes.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </label>
      <p className="paginator__range">{format(m.paginator.range, { from, to, count })}</p>
      <div className="paginator__pages">
        <button
          type="button"
          className="button button--icon"
          aria-label={m.paginator.previous}
          disabled={index === 0}
          onClick={() => goToPage(index - 1)}
        >
          <svg className="rtl-flip" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M15 6l-6 6 6 6" />
          </svg>
        </button>
        {visiblePages(index, pages).map((page) => (
          <button
            key={page}
            type="button"
            className="button button--page"
            aria-label={format(m.paginator.page, { page: page + 1 })}
            aria-current={page === index ? "page" : undefined}
            onClick={() => goToPage(page)}
          >
            {page + 1}
          </button>
        ))}
        <button
          type="button"
          className="button button--icon"
          aria-label={m.paginator.next}
          disabled={index >= pages - 1}
          onClick={() => goToPage(index + 1)}
        >
          <svg className="rtl-flip" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M9 6l6 6-6 6" />
          </svg>
        </button>
      </div>
    </nav>
  )
}
