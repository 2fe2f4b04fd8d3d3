/**
 * What a person does before React has hydrated the page is kept and handed over once it has
 * (decision 241, issue 35). Until `<html data-hydrated>` is set (root.tsx), the page is server HTML
 * with no React handler behind its buttons and forms. Links, GET forms (search) and the menu (a
 * popover) work from the HTML alone; the rest would be lost or answered wrongly:
 *
 * - a press on one of our buttons (`type="button"`, no `popovertarget`: Like, Share, Load More,
 *   the carousel's arrows) has nothing to answer it, so it is kept and the same button is clicked
 *   again after hydration, once however often it was pressed, in the order they came;
 * - a form that posts (sign-in, sign-up, the reset forms) would reach the route's action, which
 *   answers that the form needs JavaScript (`form-post-without-script.ts`) although the page's
 *   JavaScript is on its way: the submit is kept and made again, with the same submit button,
 *   after hydration. If the page never hydrates (its scripts failed), the form is posted as the
 *   browser would have after 20 s, so the person gets the action's answer rather than nothing;
 * - text typed or filled in (a password manager) before hydration stays in the field, but React
 *   hydrates a controlled field without reading it, so the form's state would still hold the
 *   server's empty value, and its first re-render writes that empty value back into the field.
 *   So the script notes each text field's value as it is typed, and the moment the page is
 *   hydrated (a microtask after the attribute is set, before any re-render) it takes all of them
 *   (and any other field whose value differs from the server's: autofill) and hands each to React
 *   as if typed: its value tracker is set back to the server's value through the element's own
 *   `value` property, the DOM gets the typed text through the prototype's setter (which the
 *   tracker does not see) and an `input` event tells React. This is what Testing Library's
 *   `fireEvent.change` does; it uses only DOM APIs.
 *
 * Check boxes and selects are left alone (none of the early forms has one).
 *
 * The script is a classic inline one in <head>, before any module, on every page; a cached page's
 * policy lists its hash like any inline script's (policyForSharedPage).
 */
export const earlyInputScript = `(function(){var root=document.documentElement,buttons=[],forms=[],typed=new Map();function hydrated(){return root.hasAttribute("data-hydrated")}function isText(field){var type=field.type;return(field instanceof HTMLInputElement&&type!=="checkbox"&&type!=="radio"&&type!=="file"&&type!=="hidden"&&type!=="submit"&&type!=="button"&&type!=="image"&&type!=="reset")||field instanceof HTMLTextAreaElement}function onInput(event){var field=event.target;if(!hydrated()&&field&&isText(field))typed.set(field,field.value)}function onClick(event){var button=event.target&&event.target.closest&&event.target.closest("button");if(!button||button.type!=="button"||button.hasAttribute("popovertarget")||hydrated())return;event.stopImmediatePropagation();if(buttons.indexOf(button)<0)buttons.push(button)}function onSubmit(event){var form=event.target;if(hydrated()||!form||(form.getAttribute("method")||"").toLowerCase()!=="post")return;event.preventDefault();event.stopImmediatePropagation();for(var i=0;i<forms.length;i++)if(forms[i].form===form)return;var kept={form:form,submitter:event.submitter};forms.push(kept);setTimeout(function(){if(hydrated()||forms.indexOf(kept)<0)return;forms.splice(forms.indexOf(kept),1);if(form.isConnected)HTMLFormElement.prototype.submit.call(form)},20000)}function handOver(field,value){if(!field.isConnected||value===field.defaultValue)return;var proto=field instanceof HTMLTextAreaElement?HTMLTextAreaElement.prototype:HTMLInputElement.prototype;field.value=field.defaultValue;Object.getOwnPropertyDescriptor(proto,"value").set.call(field,value);field.dispatchEvent(new Event("input",{bubbles:true}))}addEventListener("input",onInput,true);addEventListener("click",onClick,true);addEventListener("submit",onSubmit,true);new MutationObserver(function(_,observer){if(!hydrated())return;observer.disconnect();removeEventListener("input",onInput,true);removeEventListener("click",onClick,true);removeEventListener("submit",onSubmit,true);document.querySelectorAll("input,textarea").forEach(function(field){if(isText(field)&&!typed.has(field)&&field.value!==field.defaultValue)typed.set(field,field.value)});var values=Array.from(typed);typed.clear();values.forEach(function(entry){handOver(entry[0],entry[1])});setTimeout(function(){buttons.splice(0).forEach(function(button){if(button.isConnected&&!button.disabled)button.click()});forms.splice(0).forEach(function(kept){var submitter=kept.submitter&&kept.submitter.isConnected&&!kept.submitter.disabled?kept.submitter:undefined;if(kept.form.isConnected)kept.form.requestSubmit(submitter)})},0)}).observe(root,{attributes:true,attributeFilter:["data-hydrated"]})})();`;
