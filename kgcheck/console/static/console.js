// kgcheck review console: hovering a flag's highlight outlines the flag it belongs to, and
// "Show query" blocks get a copy button. Everything works without it.
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  for (const mark of document.querySelectorAll("mark[data-flags]")) {
    const ids = mark.dataset.flags.split(" ");
    const toggle = (on) => {
      for (const id of ids) {
        const target = document.getElementById("flag-" + id);
        if (target) target.style.outline = on ? "2px solid #d9480f" : "";
      }
    };
    mark.addEventListener("mouseenter", () => toggle(true));
    mark.addEventListener("mouseleave", () => toggle(false));
  }
  for (const pre of document.querySelectorAll("pre.query")) {
    if (!navigator.clipboard) break;
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "Copy";
    button.addEventListener("click", () => navigator.clipboard.writeText(pre.textContent));
    pre.before(button);
  }
});
