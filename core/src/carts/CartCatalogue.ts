import { entry, type ModuleCatalogue } from "../shared/CatalogueEntry.ts"

/** Carts and quantities: the module's errors in the shared catalogue (E6005, E6006 and E6017–E6019 rules, E4330–E4339 not found). */
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
    ),
    entry(
      "E6017",
      "CART_NOT_OFFERED",
      "Forbidden",
      "This cart is not available: your organisation has not turned on the way of buying it serves.",
      "هذه السلة غير متاحة: لم تفعّل منشأتك طريقة الشراء التي تخدمها."
    ),
    entry(
      "E6018",
      "PRODUCT_NOT_FOR_CART",
      "Rule",
      "{product} cannot go in this cart: its supplier does not take it this way.",
      "لا يمكن إضافة {product} إلى هذه السلة: المورد لا يقبله بهذه الطريقة."
    ),
    entry(
      "E6019",
      "CART_FULL",
      "Rule",
      "The cart holds at most {limit} products. Turn it into a request or remove some first.",
      "تتسع السلة لـ {limit} منتجًا على الأكثر. حوّلها إلى طلب أو احذف بعضها أولًا."
    ),
    entry(
      "E4330",
      "CART_ITEM_NOT_FOUND",
      "NotFound",
      "This product is no longer in the cart.",
      "لم يعد هذا المنتج في السلة."
    ),
    entry(
      "E4331",
      "DRAFT_ORDER_NOT_FOUND",
      "NotFound",
      "There is no draft order for this supplier in the cart.",
      "لا توجد مسودة أمر شراء لهذا المورد في السلة."
    )
  ],
  codes: {
    InvalidQuantity: "E6005",
    PublicCartNotAllowed: "E6006",
    CartNotOffered: "E6017",
    ProductNotForCart: "E6018",
    CartFull: "E6019",
    CartItemNotFound: "E4330",
    DraftOrderNotFound: "E4331"
  }
} as const satisfies ModuleCatalogue
