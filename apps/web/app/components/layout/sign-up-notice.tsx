import { useLocation, useNavigate } from "react-router";

/** What the register page hands the page it goes to (router state, never the URL). */
export interface SignUpNoticeState {
  signUpNotice: string;
}

export function signUpNoticeState(notice: string): SignUpNoticeState {
  return { signUpNotice: notice };
}

/**
 * After sign-up the reader lands on the home page: this shows there the server's answer (issue 32):
 * a mail went out with the next step, the same words whether or not the address had an account
 * (decision 276), until it is closed. Polite status, so a screen reader reads it without moving
 * the focus; placed over the page's foot, never over its header.
 */
export function SignUpNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const notice = (location.state as Partial<SignUpNoticeState> | null)?.signUpNotice;
  if (!notice) return null;
  const close = () =>
    navigate(`${location.pathname}${location.search}${location.hash}`, {
      replace: true,
      state: null,
      preventScrollReset: true,
    });
  return (
    <div className="aw-toast" role="status" data-testid="sign-up-notice">
      <p>{notice}</p>
      <button type="button" className="aw-toast__close" onClick={close}>
        Close
      </button>
    </div>
  );
}
