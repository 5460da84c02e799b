/**
 * The dashboard's only stylesheet, inline (the CSP allows inline styles and nothing else). Under 640px the
 * messages table becomes one card per message and long ids, URLs and payloads wrap, so a phone (375px) never
 * scrolls sideways; the attempts table scrolls inside its own box.
 */
export const DASHBOARD_STYLES = `
*{box-sizing:border-box}
body{font:14px/1.4 system-ui,sans-serif;margin:0 auto;max-width:1280px;padding:16px 24px;color:#1b1f24}
h1{font-size:22px;margin:8px 0 12px}h2{font-size:17px;margin:20px 0 8px}
code,pre{font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace}
.id{overflow-wrap:anywhere;word-break:break-all}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #e3e6ea;vertical-align:top;overflow-wrap:break-word}
.scroll{max-width:100%;overflow-x:auto}
button{white-space:nowrap}
table.attempts{table-layout:auto;width:100%}table.attempts td{white-space:normal}table.attempts td[data-label="Duration"]{white-space:nowrap}
table.attempts td.error,table.attempts td.endpoint-url{overflow-wrap:anywhere;word-break:break-word;min-width:7em}
#messages{table-layout:fixed}#messages th:nth-child(1){width:8.5em}#messages th:nth-child(2){width:15%}#messages th:nth-child(3){width:17%}#messages th:nth-child(4){width:11em}#messages th:nth-child(6){width:6.5em}
.attempts table,table.attempts{margin:6px 0;font-size:13px}.muted{color:#6b7280}
.status{font-weight:600;padding:2px 6px;border-radius:4px;white-space:nowrap}
.pending{background:#fef3c7}.delivered{background:#d1fae5}.failed{background:#fee2e2}
details{margin:2px 0}summary{cursor:pointer}
pre{white-space:pre-wrap;overflow-wrap:anywhere;word-break:break-word;background:#f6f8fa;border:1px solid #e3e6ea;border-radius:4px;padding:8px;margin:6px 0;max-height:28em;overflow:auto;max-width:100%}
form.filters,form.recover{margin:8px 0;display:flex;flex-wrap:wrap;gap:8px 12px;align-items:flex-end}
label{display:inline-flex;flex-direction:column;gap:2px;max-width:100%}
label.grow{flex:1 1 16em}
input,select,button{font:inherit;max-width:100%;min-width:0;padding:4px 6px}
.notice{background:#eef2ff;padding:8px;border-radius:4px}
ul.endpoints{list-style:none;padding:0;margin:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,320px),1fr));gap:12px}
.endpoint{border:1px solid #e3e6ea;border-radius:6px;padding:8px 12px}.endpoint p{margin:4px 0}
nav{margin:12px 0;display:flex;flex-wrap:wrap;gap:12px}
@media (max-width:640px){
body{padding:10px}
#messages thead{display:none}
#messages,#messages tbody,#messages tr.message,#messages tr.message>td{display:block;width:100%}
#messages tr.message{border:1px solid #e3e6ea;border-radius:6px;margin:0 0 10px;padding:4px 0}
#messages tr.message>td{border:0;padding:3px 10px}
#messages tr.message>td[data-label]::before{content:attr(data-label);display:block;font-size:12px;color:#6b7280}
table.attempts thead{display:none}
table.attempts,table.attempts tbody,table.attempts tr,table.attempts td{display:block;width:100%}
table.attempts tr{border-bottom:1px solid #e3e6ea;padding:4px 0}table.attempts td{border:0;padding:1px 4px;white-space:normal;overflow-wrap:anywhere}
table.attempts td[data-label]::before{content:attr(data-label) ": ";font-size:12px;color:#6b7280}
}
`;
