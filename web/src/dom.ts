// Building the page: a small element factory, so that every screen is plain DOM with no
// framework, and text is always set as text (never parsed as HTML). Text for people is
// a catalogue's Text (messages.ts): a plain string there does not compile.

import type { Text } from "./messages";

/** Between two parts of a line, a space reads the same in every language. */
type Space = " ";
export type Child = Node | Text | Space | number | bigint | null | undefined | false;
type Attributes = {
  "aria-label"?: Text;
  title?: Text;
  alt?: Text;
  placeholder?: Text;
} & Record<string, string | number | boolean | EventListener | undefined>;

export function h(tag: string, attributes: Attributes = {}, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (typeof value === "function") {
      element.addEventListener(name.replace(/^on/, ""), value);
    } else if (value === true) {
      element.setAttribute(name, "");
    } else {
      element.setAttribute(name, String(value));
    }
  }
  append(element, children);
  return element;
}

export function append(parent: HTMLElement, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(child instanceof Node ? child : String(child));
  }
}

export function replace(parent: HTMLElement, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

/** An element's whole text, or none. */
export function write(element: HTMLElement, text: Text | ""): void {
  element.textContent = text;
}

/** A polite message for screen readers and eyes alike (the status line of a screen). */
export function say(status: HTMLElement, text: Text | ""): void {
  write(status, text);
}
