import { createRoot } from "react-dom/client"
import { CartPanel, type CartPanelProps } from "../components/carts/CartPanel.tsx"
import { $openCart, type CartKind, loadCart } from "../stores/carts.ts"

/** Renders the cart panel into the header's slot; loaded only when a cart button is first used. */
export const mountCartPanel = (container: HTMLElement, props: CartPanelProps): void => {
  createRoot(container).render(<CartPanel {...props} />)
}

/** Opens a cart's panel and reads its lines afresh. */
export const openCart = (kind: CartKind): void => {
  $openCart.set(kind)
  void loadCart(kind)
}
