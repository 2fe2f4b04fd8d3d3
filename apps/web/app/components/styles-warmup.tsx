import MoreVertIcon from "@mui/icons-material/MoreVert";
import TouchRippleModule, {
  type TouchRippleActions,
  type TouchRippleProps,
} from "@mui/material/ButtonBase/TouchRipple";
import Menu from "@mui/material/Menu";
import {
  type ForwardRefExoticComponent,
  type RefAttributes,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { whenIdle } from "./idle-prefetch";
import { type RowAction, rowActionItems } from "./row-actions-menu";

// The module exports a forwardRef component (ButtonBase renders it so); its .d.ts calls it the
// render function inside, which JSX does not accept.
const TouchRipple = TouchRippleModule as unknown as ForwardRefExoticComponent<
  TouchRippleProps & RefAttributes<TouchRippleActions>
>;

/** Items of every kind a row menu shows (plain, with an icon, in the error colour, disabled). */
const menuItems: RowAction[] = [
  { label: "Plain" },
  { label: "With icon", icon: <MoreVertIcon fontSize="small" /> },
  { label: "Error", icon: <MoreVertIcon fontSize="small" />, color: "error", disabled: true },
];

/**
 * Writes the styles a first tap would otherwise write, while the dashboard has just mounted and
 * its lists are still loading, then goes away at the next idle moment (no hidden menu or ripple
 * stays in the page). MUI writes a component's styles when it first renders: the tap ripple of
 * every button (three @keyframes, each also -webkit-) and a menu (modal, backdrop, popover, list,
 * items). In Chromium a @keyframes rule added to the style sheet that holds the page's other MUI
 * rules restyles every element those rules style: the first row menu opened on a full articles
 * list was a 310-410 ms task on a 4x-slowed phone, two restyles of ~470 elements, and the second
 * ~110 ms (decision 301, "Stop 49"). Written here, they restyle a page of a few dozen elements.
 */
export function StylesWarmup() {
  const [warming, setWarming] = useState(true);
  const ripple = useRef<TouchRippleActions>(null);
  useLayoutEffect(() => {
    ripple.current?.pulsate();
  }, []);
  useEffect(() => whenIdle(() => setWarming(false)), []);
  if (!warming) return null;
  return (
    <>
      <span
        aria-hidden
        style={{ position: "fixed", width: 1, height: 1, overflow: "hidden", opacity: 0 }}
      >
        <TouchRipple ref={ripple} center />
      </span>
      <Menu open={false} keepMounted anchorEl={null}>
        {rowActionItems(menuItems, () => {})}
      </Menu>
    </>
  );
}
