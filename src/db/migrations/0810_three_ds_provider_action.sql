-- providers.md R2.8: a 3DS session at an ADYEN_CHECKOUT account keeps Adyen's redirect action (the challenge page
-- forwards the browser to it) and Adyen's pspReference of the authentication. Null for the sandbox's sessions.
alter table three_ds_sessions add column provider_action jsonb;
alter table three_ds_sessions add column provider_reference text;
