/**
 * Error messages shown to the user, per error code and language (conventions 4: the client translates `code`,
 * but the envelope's `message` is already in the user's language, spec 7/8). Estonian is the default.
 */
export type ApiLanguage = 'et' | 'en';

const MESSAGES: Record<string, { et: string; en: string }> = {
  'request.invalid': { et: 'Päringus on vigaseid andmeid.', en: 'The request has invalid data.' },
  'request.query_too_long': { et: 'Otsingutekst on liiga pikk.', en: 'The search text is too long.' },
  'request.page_invalid': { et: 'Lehekülje number peab olema vähemalt 1.', en: 'The page number must be at least 1.' },
  'request.page_size_invalid': { et: 'Lehekülje suurus peab olema 24, 48, 84 või 120.', en: 'The page size must be 24, 48, 84 or 120.' },
  'request.sort_invalid': { et: 'Tundmatu sorteerimisviis.', en: 'Unknown sort order.' },
  'request.filters_invalid': { et: 'Filtrid on vigased.', en: 'The filters are malformed.' },
  'product.not_found': { et: 'Toodet ei leitud.', en: 'The product was not found.' },
  'product.already_exists': { et: 'Sellise koodiga toode on juba olemas.', en: 'A product with this code already exists.' },
  'filter.changed_meanwhile': { et: 'Filtrit muudeti vahepeal. Laadige uusim versioon.', en: 'The filter was changed after you opened it. Reload the latest version.' },
  'product.changed_meanwhile': { et: 'Toodet muudeti vahepeal. Laadige uusim versioon.', en: 'The product was changed after you opened it. Reload the latest version.' },
  'product.code_required': { et: 'Tootekood on kohustuslik.', en: 'A product code is required.' },
  'product.code_too_long': { et: 'Kood on kuni 64 märki.', en: 'A code is at most 64 characters.' },
  'product.name_required': { et: 'Toote nimi on kohustuslik vähemalt ühes keeles.', en: 'A product name is required in at least one language.' },
  'product.text_too_long': { et: 'Tekst on liiga pikk.', en: 'The text is too long.' },
  'product.list_too_long': { et: 'Loendis on liiga palju kirjeid.', en: 'The list has too many entries.' },
  'product.alias_invalid': { et: 'Otsingusünonüüm peab olema 1 kuni 64 märki.', en: 'A search alias needs 1 to 64 characters.' },
  'category.not_found': { et: 'Kategooriat ei leitud.', en: 'The category was not found.' },
  'category.keyword_invalid': { et: 'Otsingusõna peab olema 1 kuni 64 märki.', en: 'A search keyword needs 1 to 64 characters.' },
  'product.price_invalid': { et: 'Hind peab olema 0 kuni 1 000 000 eurot täissentides.', en: 'The price must be 0 to 1,000,000 euros in whole cents.' },
  'product.delivery_days_invalid': { et: 'Tarneaeg on 1 kuni 365 tööpäeva.', en: 'The delivery time is 1 to 365 workdays.' },
  'product.visibility_rule_invalid': { et: 'Nähtavuse reegel on vigane: kontrollige kuupäevi.', en: 'The visibility rule is invalid: check the dates.' },
  'product.critical_stock_level_invalid': { et: 'Kriitiline laoseis on täisarv vähemalt 0.', en: 'The critical stock level is a whole number of at least 0.' },
  'product.related_self': { et: 'Toodet ei saa siduda iseendaga.', en: 'A product cannot be related to itself.' },
  'product.image_url_invalid': { et: 'Pildi aadress on vigane.', en: 'The image address is invalid.' },
  'request.too_large': { et: 'Päring on liiga suur.', en: 'The request is too large.' },
  'request.url_too_long': { et: 'Päringu aadress on liiga pikk.', en: 'The request URL is too long.' },
  'request.media_type_unsupported': { et: 'Päringu andmevormingut ei toetata.', en: 'The request body type is not supported.' },
  'request.timeout': { et: 'Päring aegus.', en: 'The request timed out.' },
  'request.too_deep': { et: 'Päringu andmed on liiga sügavalt pesastatud.', en: 'The request data is nested too deeply.' },
  // Spec 8: a staff call without a valid session, whether it never had one or it ended.
  'unauthorized': { et: 'Teie päring tehti kehtetute volitustega.', en: 'Your request was made with invalid credentials.' },
  'request.language_invalid': { et: 'Tundmatu keel.', en: 'Unknown language.' },
  'request.origin_forbidden': { et: 'Päring tuli teiselt veebisaidilt ja lükati tagasi.', en: 'The request came from another website and was refused.' },
  'request.csrf_invalid': { et: 'Päringu turvakood puudub või on aegunud. Palun laadige leht uuesti.', en: 'The request has no valid security token. Please reload the page.' },
  'stock_notification.email_invalid': { et: 'Palun sisestage korrektne e-posti aadress.', en: 'Please enter a valid email address' },
  'stock_notification.already_submitted': { et: 'Teavitus on juba esitatud.', en: 'Notification already submitted' },
  'stock_notification.not_found': { et: 'Laoteavituse soovi ei leitud.', en: 'The stock notification request was not found.' },
  'stock_notification.not_waiting': { et: 'See laoteavituse soov on juba saadetud või tühistatud.', en: 'This stock notification request was already sent or cancelled.' },
  'stock_notification.in_stock': {
    et: 'Toode on laos ja seda saab kohe tellida. Teavitust pole vaja.',
    en: 'The product is in stock and can be ordered now. No notification is needed.',
  },
  'stock_notification.quantity_invalid': { et: 'Kogus peab olema täisarv vähemalt 1.', en: 'The quantity must be a whole number of at least 1.' },
  'checkout.required': { et: 'Kohustuslik', en: 'Required' },
  'checkout.email_invalid': { et: 'Palun sisestage korrektne e-posti aadress.', en: 'Please enter a valid email address' },
  'checkout.terms_not_accepted': { et: 'Tellimuse esitamiseks tuleb nõustuda müügitingimustega.', en: 'Terms and conditions must be accepted to place an order.' },
  'order.empty': { et: 'Tühja tellimust ei saa esitada.', en: 'Cannot submit an empty order' },
  'order.not_accepted': { et: 'Tellimust ei võetud vastu. Täpsemat infot näete ostukorvis.', en: 'The order was not accepted. More information can be seen in the shopping cart.' },
  'order.product_unavailable': { et: 'Seda toodet ei saa osta.', en: "This product can't be purchased" },
  'order.not_enough_stock': { et: 'Laos ei ole piisavalt kaupa.', en: 'There is not enough items in stock.' },
  // Spec 5 "Quantity and stock": one client address holds at most a share of a product's stock in unpaid orders.
  'order.reserve_share_exceeded': {
    et: 'Laos ei ole piisavalt kaupa: maksmata tellimustega saab ühelt aadressilt korraga broneerida vaid osa selle toote laost. Makske varasemad tellimused või vähendage kogust.',
    en: "There is not enough items in stock for one address: unpaid orders from one address can reserve only part of this product's stock at a time. Pay your earlier orders or lower the quantity.",
  },
  'order.row_name_required': { et: 'Salvestamine ebaõnnestus, tellimust ei saa salvestada ilma toote/teenuse nimeta.', en: "Saving failed, can't save order without product/service name." },
  'order.quantity_invalid': { et: 'Kogus peab olema täisarv vähemalt 1.', en: 'The quantity must be a whole number of at least 1.' },
  'order.too_many_rows': { et: 'Tellimuses on liiga palju ridu.', en: 'The order has too many rows.' },
  'order.not_found': { et: 'Me ei leidnud soovitud tellimust.', en: "We couldn't find the requested order." },
  'order.already_paid': { et: 'Tellimus on juba makstud.', en: 'The order is already paid.' },
  'order.reservation_expired': { et: 'Tellimust ei makstud õigel ajal ja kaubad vabastati. Palun esitage tellimus uuesti.', en: 'The order was not paid in time and its items were released. Please place the order again.' },
  'payment.method_unknown': { et: 'Tundmatu makseviis.', en: 'Unknown payment method.' },
  'payment.provider_unknown': { et: 'Tundmatu makseteenuse pakkuja.', en: 'Unknown payment provider.' },
  'payment.provider_failed': { et: 'Makseteenuse pakkuja ei vastanud. Palun proovige uuesti.', en: 'The payment provider did not respond. Please try again.' },
  'payment.callback_rejected': { et: 'Makse kinnitust ei õnnestunud kontrollida.', en: 'The payment confirmation could not be verified.' },
  'payment.amount_mismatch': { et: 'Makstud summa ei vasta tellimuse summale.', en: 'The amount paid does not match the order total.' },
  // Staff editing orders (spec 4 "Order flags"; OrderEdit, OrderList).
  'order.changed_meanwhile': { et: 'Tellimust muudeti vahepeal. Laadige uusim versioon.', en: 'The order was changed after you opened it. Reload the latest version.' },
  'order.filled': { et: 'Tellimus on täidetud. Ridade muutmiseks märkige see esmalt täitmata.', en: 'The order is filled. Mark it unfilled before changing its rows.' },
  'order.fill_stock_short': { et: 'Tellimuse broneering aegus ja laos pole selle täitmiseks piisavalt kaupa. Võtke kaup esmalt lattu vastu või inventeerige.', en: "The order's reservation expired and the stock is short of what it needs. Receive or count the stock first." },
  'order.being_edited': { et: 'Seda tellimust salvestatakse parajasti. Proovige hetke pärast uuesti.', en: 'This order is being saved right now. Try again in a moment.' },
  'order.product_unknown': { et: 'Sellist toodet kataloogis ei ole.', en: 'There is no such product in the catalog.' },
  'order.price_invalid': { et: 'Hind peab olema täissentides ja mitte negatiivne.', en: 'The price must be whole cents and not negative.' },
  'order.discount_invalid': { et: 'Allahindlus ei saa olla suurem kui read koos teenustasuga.', en: 'The discount cannot be more than the rows and the service fee.' },
  'order.fee_invalid': { et: 'Teenustasu peab olema täissentides ja mitte negatiivne.', en: 'The service fee must be whole cents and not negative.' },
  'order.comment_invalid': { et: 'Kommentaar on liiga pikk.', en: 'The comment is too long.' },
  'order.not_paid': { et: 'Tellimus ei ole makstud, seda ei saa tagastada.', en: 'The order is not paid, so it cannot be refunded.' },
  'refund.exceeds_paid': { et: 'Tagastused ületaksid makstud summa.', en: 'The refunds would exceed the amount paid.' },
  'refund.amount_invalid': { et: 'Tagastatav summa on vigane.', en: 'The refund amount is invalid.' },
  'idempotency.key_invalid': { et: 'Idempotency-Key on vigane (1-255 märki).', en: 'The Idempotency-Key is invalid (1-255 characters).' },
  'idempotency.key_reused': { et: 'Sama Idempotency-Key võtmega saadeti teistsugune päring.', en: 'This Idempotency-Key was already used with a different request.' },
  'idempotency.in_progress': { et: 'Sama Idempotency-Key võtmega päringut alles töödeldakse.', en: 'A request with this Idempotency-Key is still being processed.' },
  'not_found': { et: 'Lehekülge ei leitud.', en: 'Page not found.' },
  'page.not_found': { et: 'Lehekülge ei leitud.', en: 'Page not found.' },
  'rate_limited': { et: 'Liiga palju päringuid. Palun proovige hiljem uuesti.', en: 'Rate limit exceeded. Please try again later.' },
  'session.invalid_login': { et: 'Vale kasutajanimi või parool.', en: 'Incorrect username or password.' },
  'session.expired': { et: 'Teie päring tehti kehtetute volitustega.', en: 'Your request was made with invalid credentials.' },
  'session.expired_notice': { et: 'Seanss on aegunud, palun logige sisse', en: 'Session has expired, please log in' },
  'session.login_prompt': { et: 'Logige sisse, et oma lehte hallata', en: 'Log in to manage your site' },
  'forbidden': { et: 'Teil pole õigust seda ressurssi kasutada, palun võtke ühendust administraatoriga.', en: "You don't have permission to access this resource, please contact your admin." },
  'user.not_found': { et: 'Kasutajat ei leitud.', en: 'The user was not found.' },
  'user.exists': { et: 'See kasutajanimi on juba võetud.', en: 'This username is taken' },
  'user.inactive': { et: 'Kasutaja on deaktiveeritud.', en: 'The user is deactivated.' },
  'user.username_invalid': { et: 'Kasutajanimi on 3-64 tähte, numbrit või märki . _ @ -', en: 'A username is 3-64 letters, digits or . _ @ -' },
  'user.username_taken': { et: 'See kasutajanimi on juba võetud.', en: 'This username is taken' },
  'user.password_too_short': { et: 'Parool peab olema vähemalt 8 märki pikk.', en: 'The password needs at least 8 characters' },
  'user.password_too_long': { et: 'Parool on liiga pikk.', en: 'The password is too long' },
  'user.password_common': { et: 'See parool on liiga levinud: valige mõni muu.', en: 'This password is too common: choose another' },
  'user.password_mismatch': { et: 'Paroolid ei kattu.', en: 'The passwords do not match' },
  'user.current_password_wrong': { et: 'Praegune parool on vale.', en: 'The current password is wrong' },
  'user.role_invalid': { et: 'Tundmatu roll.', en: 'Unknown role' },
  'user.email_invalid': { et: 'Palun sisestage üks korrektne e-posti aadress.', en: 'Please enter one valid e-mail address.' },
  'user.email_missing': { et: 'Kasutajal ei ole e-posti aadressi.', en: 'The user has no e-mail address.' },
  'password_reset.token_invalid': {
    et: 'See parooli taastamise link on vale, juba kasutatud või aegunud. Palun küsige uus link.',
    en: 'This password reset link is invalid, already used or expired. Please ask for a new link.',
  },
  'user.last_admin': { et: 'Poe viimast aktiivset administraatorit ei saa deaktiveerida ega tema administraatori rolli ära võtta.', en: "The shop's last active administrator cannot be deactivated or lose the ADMIN role." },
  'user.self_deactivate': { et: 'Iseennast ei saa deaktiveerida.', en: 'You cannot deactivate yourself.' },
  'warehouse.not_found': { et: 'Ladu ei leitud.', en: 'The warehouse was not found.' },
  'client.not_found': { et: 'Klienti ei leitud.', en: 'The client was not found.' },
  'client.forgotten': { et: 'See klient on unustatud; tema andmeid ei saa muuta.', en: 'This client has been forgotten; their details cannot be changed.' },
  'client.invalid': { et: 'Kliendi andmetes on vigu.', en: 'The client details have errors.' },
  'client.required': { et: 'Kohustuslik', en: 'Required' },
  'client.text_invalid': { et: 'Tekst on kuni 100 märki, ilma reavahetusteta.', en: 'At most 100 characters, without line breaks.' },
  'client.email_invalid': { et: 'Sisestage üks kehtiv e-posti aadress.', en: 'Enter one valid e-mail address.' },
  'client.phone_invalid': { et: 'Telefoninumbris on 5 kuni 15 numbrit, soovi korral + alguses.', en: 'A phone number has 5 to 15 digits, optionally with + in front.' },
  'client.vat_reg_nr_invalid': { et: 'KMKR number on riigitähis ja 2 kuni 13 tähte või numbrit (nt EE100200300).', en: 'A VAT number is a country code and 2 to 13 letters or digits (e.g. EE100200300).' },
  'client.customer_type_invalid': { et: 'Kliendi tüüp on eraisik või ettevõte.', en: 'The customer type is private or business.' },
  'client.changed_meanwhile': { et: 'Klienti muudeti vahepeal. Laadige uusim versioon.', en: 'The client was changed after you opened it. Reload the latest version.' },
  'warehouse.name_invalid': { et: 'Lao nimi on vigane.', en: 'The warehouse name is invalid.' },
  'warehouse.name_missing': { et: 'Lao nimi on kohustuslik.', en: 'The warehouse needs a name.' },
  'warehouse.inactive': { et: 'Ladu on deaktiveeritud.', en: 'The warehouse is deactivated.' },
  // Uploads (spec 5 "Uploads"; api/routes/files): {file}, {formattedLimit} and {mimeTypes} are filled in by the route.
  'file.too_big': { et: 'Fail "{file}" on liiga suur. Selle suurus ei tohi ületada {formattedLimit}.', en: 'The file "{file}" is too big. Its size cannot exceed {formattedLimit}.' },
  'file.too_many_pixels': { et: 'Fail "{file}" on liiga suur. Selle suurus ei tohi ületada {formattedLimit}.', en: 'The file "{file}" is too big. Its size cannot exceed {formattedLimit}.' },
  'file.busy': { et: 'Pilte alles töödeldakse: proovige mõne sekundi pärast uuesti.', en: 'Images are still being processed: try again in a few seconds.' },
  'file.not_an_image': { et: 'Fail ei ole pilt; lubatud on ainult järgmised failitüübid: {mimeTypes}', en: 'The file is not an image; Only following file types are allowed: {mimeTypes}' },
  'file.too_many': { et: 'Korraga saate üles laadida kõige rohkem 1 faili.', en: 'You can upload at most 1 file' },
  'file.too_few': { et: 'Palun laadige üles vähemalt 1 fail.', en: 'You should upload at least 1 file' },
  'file.image_unreadable': { et: 'Pilti ei õnnestunud lugeda. Palun proovige mõnda teist faili.', en: 'The image could not be read. Please try another file.' },
  'file.folder_invalid': { et: 'Tundmatu kaust.', en: 'Unknown folder.' },
  'file.not_found': { et: 'Faili ei leitud.', en: 'The file was not found.' },
  'stock.input_invalid': { et: 'Sisestage +N lisamiseks, -N mahavõtmiseks või N laoseisu määramiseks.', en: 'Enter +N to add, -N to subtract or N to set the stock.' },
  'stock.input_not_whole': { et: 'Laoseis on täisarv: komakohti ei saa sisestada.', en: 'Stock is counted in whole units: no decimals.' },
  'stock.input_too_large': { et: 'Laos saab olla kuni 10 000 000 ühikut.', en: 'A warehouse holds at most 10,000,000 units.' },
  'stock.reason_invalid': { et: 'Põhjus on kuni 200 märki.', en: 'The reason is at most 200 characters.' },
  'stock.quantity_invalid': { et: 'Kogus peab olema täisarv 0 kuni 10 000 000.', en: 'The quantity must be a whole number from 0 to 10,000,000.' },
  'stock.warehouse_invalid': { et: 'Lao tunnus on vigane.', en: 'The warehouse id is invalid.' },
  'stock.warehouse_unknown': { et: 'Sellist ladu ei ole.', en: 'There is no such warehouse.' },
  // Spec 5 "Other rules", stock update input: {warehouse} (its name), {available} and {take} filled in by the route.
  'stock.negative_in_warehouse': {
    et: 'Laos {warehouse} on ainult {available}: {take} ei saa maha võtta. Laoseis ei lähe alla nulli.',
    en: 'Only {available} in stock in {warehouse}: cannot take {take}. Stock never goes below zero.',
  },
  'stock.warehouse_inactive': { et: 'Ladu on deaktiveeritud: sinna ei saa kaupa lisada.', en: 'The warehouse is deactivated: it takes no more stock.' },
  'history.stream_invalid': {
    et: 'Tundmatu ajaloo voog. Lubatud on product-, stock-, category-, user-, client-, order- või page- ja tunnus (uuid), menu-main või site.',
    en: 'Unknown history stream. Use product-, stock-, category-, user-, client-, order- or page- followed by an id (a uuid), menu-main or site.',
  },
  'history.not_found': { et: 'Sellel vool pole sündmusi.', en: 'This stream has no events.' },
  'history.as_of_invalid': { et: 'Ajahetk peab olema kuupäev ja kellaaeg (ISO 8601).', en: 'The point in time must be a date and time (ISO 8601).' },
  'statistics.range_invalid': {
    et: 'Tundmatu ajavahemik. Valige: viimased 14 päeva, viimased 30 päeva, käesolev kuu, eelmine kuu, järgmine kuu või kogu aeg.',
    en: 'Unknown time range. Choose: last 14 days, last 30 days, current month, previous month, next month or all time.',
  },
  'category.parent_not_found': { et: 'Valitud ülemkategooriat ei ole olemas.', en: 'The chosen parent category does not exist.' },
  'category.deleted': { et: 'Kategooria on kustutatud.', en: 'The category has been deleted.' },
  'category.already_exists': { et: 'Selle tunnusega kategooria on juba olemas.', en: 'A category with this id already exists.' },
  'category.own_parent': { et: 'Kategooria ei saa olla iseenda ülemkategooria.', en: 'A category cannot be its own parent.' },
  'category.cycle': {
    et: 'Kategooriat ei saa viia oma alamkategooria alla.',
    en: 'A category cannot be moved under one of its own subcategories.',
  },
  'category.has_children': {
    et: 'Kategoorial on alamkategooriad. Viige need enne kustutamist mujale või kustutage need.',
    en: 'The category has subcategories. Move or delete them before deleting it.',
  },
  'category.has_products': {
    et: 'Selles kategoorias on tooteid. Viige tooted enne kustutamist teise kategooriasse.',
    en: 'Products are filed under this category. Move them to another category before deleting it.',
  },
  'category.name_required': { et: 'Kategooria nimi on kohustuslik.', en: 'A category name is required.' },
  'category.name_too_long': { et: 'Kategooria nimi on kuni 120 märki.', en: 'A category name is at most 120 characters.' },
  'category.position_invalid': { et: 'Järjekoht on täisarv vähemalt 0.', en: 'The position is a whole number of at least 0.' },
  'category.keywords_too_long': { et: 'Otsingusõnad on kuni 1000 märki.', en: 'Search keywords are at most 1000 characters.' },
  'category.language_unknown': { et: 'Tundmatu keel.', en: 'Unknown language.' },
  'problematic_products.kind_invalid': {
    et: 'Tundmatu loend. Valige: probleemsed, vananenud, aegunud nähtavusega, populaarsed, väikese laoseisuga või kategooriata tooted.',
    en: 'Unknown list. Choose: problematic, stale, outdated, popular, low-stock or uncategorised products.',
  },
  'problematic_products.days_invalid': { et: 'Päevade arv peab olema täisarv 1 kuni 3650.', en: 'The number of days must be a whole number from 1 to 3650.' },
  'filter.name_missing': { et: 'Filtri nimi on kohustuslik.', en: 'A filter needs its name.' },
  'filter.label_missing': { et: 'Sisestage silt eesti või inglise keeles.', en: 'Enter a label in Estonian or English.' },
  'filter.text_invalid': { et: 'Silt peab olema tekst.', en: 'A label must be text.' },
  'filter.text_too_long': { et: 'Silt on kuni 200 märki.', en: 'A label is at most 200 characters.' },
  'filter.too_many_values': { et: 'Filtril saab olla kuni 500 väärtuse silti.', en: 'A filter holds at most 500 value labels.' },
  'filter.shown_invalid': { et: 'Nähtavus on kas jah või ei.', en: 'Shown is yes or no.' },
  'filter.position_invalid': { et: 'Järjekoht on täisarv 0 kuni 10 000.', en: 'The position is a whole number from 0 to 10,000.' },
  'filter.duplicate': { et: 'Sama filter on päringus kaks korda.', en: 'The same filter is sent twice.' },
  'invoice.recipient_invalid': { et: 'Palun sisestage kehtiv e-posti aadress.', en: 'Please enter a valid email address' },
  'invoice.send_pending': { et: 'Arvet alles saadetakse. Proovige uuesti, kui see on saadetud (või 15 minuti pärast, kui saatmine ebaõnnestus).', en: 'The invoice is being sent. Try again once it has been sent (or in 15 minutes if sending failed).' },
  'invoice.number_mismatch': { et: 'Arvele määrati vahepeal teine number. Laadige tellimus uuesti.', en: 'The invoice got another number meanwhile. Reload the order.' },
  'invoice.not_requested': { et: 'Seda arvet ei ole veel saadetud.', en: 'This invoice has not been sent yet.' },
  'invoice.client_forgotten': { et: 'Selle tellimuse klient on unustatud: tema arveid ei saa enam saata.', en: "This order's client was forgotten: its invoices can no longer be sent." },
  'invoice.kind_invalid': { et: 'Arve liik on kas arve või ettemaksuarve.', en: 'The invoice kind is invoice or prepayment.' },
  // Content editing (spec 4 "Editor", spec 7 page and global-field calls; domain/page, domain/menu, domain/site).
  'page.changed_meanwhile': { et: 'Lehte muudeti vahepeal. Laadige uusim versioon.', en: 'The page was changed after you opened it. Reload the latest version.' },
  'page.deleted': { et: 'See leht on kustutatud.', en: 'This page is deleted.' },
  'page.linked_from_menu': { et: 'Menüü viitab sellele lehele: eemaldage see menüüst enne kustutamist.', en: 'The menu links this page: remove it from the menu before deleting it.' },
  'page.not_published_then': { et: 'Leht polnud sel ajahetkel avaldatud.', en: 'The page was not published at that moment.' },
  'page.version_not_found': { et: 'Lehel pole sellist versiooni.', en: 'The page has no such version.' },
  'page.title_missing': { et: 'Lehel peab olema pealkiri.', en: 'A page needs a title.' },
  'page.text_invalid': { et: 'Lehe tekst peab olema tekst.', en: 'A page text must be text.' },
  'page.text_too_long': { et: 'Lehe tekst on liiga pikk.', en: 'A page text is too long.' },
  'page.slug_missing': { et: 'Lehel peab olema URL-i nimi.', en: 'A page needs a URL name.' },
  'page.slug_too_long': { et: 'URL-i nimi on liiga pikk (kuni 100 märki).', en: 'The URL name is too long (at most 100 characters).' },
  'page.name_reserved': { et: 'See URL-i nimi on poe enda kasutuses.', en: 'This URL name is taken by the shop itself.' },
  'page.layout_invalid': { et: 'Tundmatu lehe paigutus.', en: 'Unknown page layout.' },
  'page.canonical_invalid': { et: 'Kanooniline URL on tühi, http(s) aadress või tee, mis algab märgiga /.', en: 'A canonical URL is empty, an http(s) address or a path starting with /.' },
  'page.visibility_invalid': { et: 'Nähtavuse reegel ei sobi.', en: 'The visibility rule is not valid.' },
  'content.containers_too_many': { et: 'Liiga palju sisuplokkide konteinereid.', en: 'Too many item containers.' },
  'content.container_key_invalid': { et: 'Sisuplokkide konteineri nimi ei sobi.', en: 'An item container name is not valid.' },
  'content.container_items_invalid': { et: 'Sisuplokkide konteineri sisu ei sobi.', en: 'An item container\'s items are not valid.' },
  'content.container_item_id_invalid': { et: 'Sisuploki tunnus ei sobi.', en: 'An item id is not valid.' },
  'menu.changed_meanwhile': { et: 'Menüüd muudeti vahepeal. Laadige uusim versioon.', en: 'The menu was changed after you opened it. Reload the latest version.' },
  'menu.entries_invalid': { et: 'Menüü kirjed ei sobi.', en: 'The menu entries are not valid.' },
  'menu.too_long': { et: 'Menüüs on liiga palju kirjeid.', en: 'The menu has too many entries.' },
  'menu.too_deep': { et: 'Menüü alamkirjetel ei saa olla omakorda alamkirjeid.', en: 'Menu sub-entries cannot have sub-entries of their own.' },
  'menu.id_invalid': { et: 'Menüükirje tunnus puudub või kordub.', en: 'A menu entry id is missing or repeated.' },
  'menu.kind_invalid': { et: 'Menüükirje liik on leht, link või kategooria.', en: 'A menu entry is a page, a link or a category.' },
  'menu.label_missing': { et: 'Menüükirjel peab olema nimi.', en: 'A menu entry needs a label.' },
  'menu.target_missing': { et: 'Menüükirjel peab olema siht.', en: 'A menu entry needs a target.' },
  'menu.link_invalid': { et: 'Menüü link peab olema http(s), mailto, tel aadress või poe tee.', en: 'A menu link must be an http(s), mailto or tel address or a path of the shop.' },
  'menu.category_children': { et: 'Kategooria kirjel ei saa olla alamkirjeid.', en: 'A category entry cannot have sub-entries.' },
  'menu.value_invalid': { et: 'Menüükirje väärtus peab olema tekst.', en: 'A menu entry value must be text.' },
  'menu.value_too_long': { et: 'Menüükirje väärtus on liiga pikk.', en: 'A menu entry value is too long.' },
  'site.changed_meanwhile': { et: 'Üldist sisu muudeti vahepeal. Laadige uusim versioon.', en: 'The global content was changed after you opened it. Reload the latest version.' },
  'site.field_key_invalid': { et: 'Välja nimi ei sobi.', en: 'A field name is not valid.' },
  'site.too_many_fields': { et: 'Liiga palju välju korraga.', en: 'Too many fields at once.' },
  'site.value_invalid': { et: 'Välja väärtus peab olema tekst.', en: 'A field value must be text.' },
  'site.value_too_long': { et: 'Välja väärtus on liiga pikk.', en: 'A field value is too long.' },
  'server_busy': { et: 'Server on hetkel hõivatud. Palun proovige mõne sekundi pärast uuesti.', en: 'The server is busy right now. Please try again in a few seconds.' },
  'server_error': { et: 'Serveris tekkis viga. Palun proovige hiljem uuesti.', en: 'An unexpected system error occurred.' },
};

/** The codes that have a text here. */
export const MESSAGE_CODES: ReadonlySet<string> = new Set(Object.keys(MESSAGES));

/** The message for `code` in `language`, falling back to Estonian, then to `fallback`. */
export function message(code: string, language: ApiLanguage, fallback?: string): string {
  const m = MESSAGES[code];
  return m ? m[language] || m.et : fallback ?? MESSAGES['request.invalid'][language];
}

/**
 * The message for `code` in `language` with its `{name}` placeholders filled from `params`; a placeholder without a
 * value stays as written.
 */
export function filledMessage(code: string, language: ApiLanguage, params: Record<string, string>): string {
  return message(code, language).replace(/\{(\w+)\}/g, (whole, key: string) => params[key] ?? whole);
}

/**
 * The user's language: `lang` query parameter (et, en, en-US), else the first supported Accept-Language, else et.
 */
export function requestLanguage(query: unknown, acceptLanguage: string | undefined): ApiLanguage {
  const lang = typeof query === 'object' && query !== null ? (query as { lang?: unknown }).lang : undefined;
  if (typeof lang === 'string') return lang.toLowerCase().startsWith('en') ? 'en' : 'et';
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.trim().toLowerCase();
    if (tag.startsWith('et')) return 'et';
    if (tag.startsWith('en')) return 'en';
  }
  return 'et';
}
