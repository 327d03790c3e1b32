import { entry, type ModuleCatalogue } from "../shared/CatalogueEntry.ts"

/** Carts and quantities: the module's errors in the shared catalogue. */
export const cartCatalogue = {
  errors: [
    entry(
      "E6005",
      "INVALID_QUANTITY",
      "Rule",
      "The quantity {value} is not valid. Enter at least {minimum}, with no more than 2 decimals.",
      "الكمية {value} غير صالحة. أدخل {minimum} على الأقل، بما لا يزيد على منزلتين عشريتين."
    ),
    entry(
      "E6006",
      "PUBLIC_CART_NOT_ALLOWED",
      "Forbidden",
      "The public order cart is only for buyers, and only when every item in it is public.",
      "سلة الطلب العامة متاحة للمشترين فقط، وبشرط أن تكون جميع المنتجات فيها عامة."
    )
  ],
  codes: {
    InvalidQuantity: "E6005",
    PublicCartNotAllowed: "E6006"
  }
} as const satisfies ModuleCatalogue
