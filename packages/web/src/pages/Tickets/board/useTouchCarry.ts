/**
 * Carrying a board card with a finger. HTML5 drag and drop never starts from a touch, so on a
 * phone or tablet a card is held (long press) and then carried: once held, the finger's moves no
 * longer scroll the board, the column under the finger is reported as it changes, and lifting the
 * finger drops the card there. A tap, or a swipe that starts before the hold, stays what it was
 * (opening the ticket, scrolling the columns).
 */
import { useEffect, useLayoutEffect, useRef } from 'react';

/** How long a finger rests on a card before it is picked up (Android's long press is ~400 ms). */
export const HOLD_MS = 400;
/** A finger that moves farther than this before the hold is scrolling, not picking up. */
const SLOP_PX = 8;

/** The id of the board column (its `data-board-column`) at a point of the screen, if any. */
export function columnAt(x: number, y: number): string | null {
  const element = document.elementFromPoint(x, y);
  return element?.closest<HTMLElement>('[data-board-column]')?.dataset.boardColumn ?? null;
}

export interface TouchCarryHandlers {
  /** The card was picked up. */
  onPick: () => void;
  /** The finger is over this column now (null: over none). */
  onOver: (columnId: string | null) => void;
  /** The finger was lifted over this column (null: over none), or the carry was cancelled. */
  onDrop: (columnId: string | null) => void;
}

/** Wires the long-press carry on `element` while `enabled`. */
export function useTouchCarry(element: HTMLElement | null, enabled: boolean, handlers: TouchCarryHandlers): void {
  // The listeners stay attached across renders and call the newest handlers.
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!element || !enabled) return;
    let press: { timer: ReturnType<typeof setTimeout>; x: number; y: number; held: boolean } | null = null;
    let over: string | null = null;
    const end = () => {
      if (press) clearTimeout(press.timer);
      press = null;
      over = null;
    };
    const start = (e: TouchEvent) => {
      if (e.touches.length !== 1) return end();
      const { clientX: x, clientY: y } = e.touches[0];
      const timer = setTimeout(() => {
        if (!press) return;
        press.held = true;
        navigator.vibrate?.(10);
        latest.current.onPick();
      }, HOLD_MS);
      press = { timer, x, y, held: false };
    };
    const move = (e: TouchEvent) => {
      if (!press) return;
      const { clientX: x, clientY: y } = e.touches[0];
      if (!press.held) {
        if (Math.hypot(x - press.x, y - press.y) > SLOP_PX) end();
        return;
      }
      // The card is in hand: this move carries it rather than scrolling what is under it.
      e.preventDefault();
      press.x = x;
      press.y = y;
      const now = columnAt(x, y);
      if (now !== over) latest.current.onOver((over = now));
    };
    const lift = (e: TouchEvent) => {
      if (!press?.held) return end();
      // No click after a carry: it would open the ticket that was just moved.
      e.preventDefault();
      const target = columnAt(press.x, press.y);
      end();
      latest.current.onDrop(target);
    };
    const cancel = () => {
      const held = press?.held;
      end();
      if (held) {
        latest.current.onDrop(null);
      }
    };
    // A held card shows no callout or text selection menu.
    const noMenu = (e: Event) => {
      if (press) e.preventDefault();
    };
    element.addEventListener('touchstart', start, { passive: true });
    // Not passive: a carried card's moves must be able to stop the scroll.
    element.addEventListener('touchmove', move, { passive: false });
    element.addEventListener('touchend', lift, { passive: false });
    element.addEventListener('touchcancel', cancel);
    element.addEventListener('contextmenu', noMenu);
    return () => {
      end();
      element.removeEventListener('touchstart', start);
      element.removeEventListener('touchmove', move);
      element.removeEventListener('touchend', lift);
      element.removeEventListener('touchcancel', cancel);
      element.removeEventListener('contextmenu', noMenu);
    };
  }, [element, enabled]);
}
