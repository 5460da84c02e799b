-- issue 24 item 1 (docs/decisions/provider-operations.md "3DS authentication on the primitive"): a 3DS session is
-- recorded unannounced in the transaction that claims its provider operation (the card ciphertext stays on the
-- session row, never in the operation's request) and announced by the recording of the provider's answer. Earlier
-- sessions were recorded after the call: all announced.
alter table three_ds_sessions add column announced boolean not null default true;
