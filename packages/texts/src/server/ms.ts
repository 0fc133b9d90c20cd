import type { TextCatalogue } from "../catalogue.js";

/** Malay (ms) texts the server renders itself: mail and SMS, share statuses, the captcha page. */
export default {
  "offline.myDownloads": "Muat Turun Saya",
  "mail.code.subject.REGISTER": "{code} ialah kod pendaftaran Nimbus anda",
  "mail.code.subject.SIGN_IN": "{code} ialah kod log masuk Nimbus anda",
  "mail.code.subject.RESET_PASSWORD": "{code} ialah kod untuk menetapkan semula kata laluan Nimbus anda",
  "mail.code.subject.CHANGE_EMAIL": "{code} ialah kod untuk mengesahkan e-mel Nimbus baharu anda",
  "mail.code.subject.DELETE_ACCOUNT": "{code} ialah kod untuk memadam akaun Nimbus anda",
  "mail.code.purpose.REGISTER": "Gunakan kod ini untuk melengkapkan pembukaan akaun Nimbus anda.",
  "mail.code.purpose.SIGN_IN": "Gunakan kod ini untuk log masuk ke Nimbus.",
  "mail.code.purpose.RESET_PASSWORD": "Gunakan kod ini untuk menetapkan semula kata laluan Nimbus anda.",
  "mail.code.purpose.CHANGE_EMAIL":
    "Gunakan kod ini untuk mengesahkan alamat ini sebagai e-mel Nimbus baharu anda.",
  "mail.code.purpose.DELETE_ACCOUNT":
    "Gunakan kod ini untuk mengesahkan bahawa anda mahu memadam akaun Nimbus anda.",
  "mail.code.codeIntro": "Kod pengesahan anda:",
  "mail.code.expiry":
    "Kod ini tamat tempoh dalam {minutes} minit. Jangan kongsikan dengan sesiapa: Nimbus tidak akan memintanya.",
  "mail.code.ignore": "Jika anda tidak meminta kod ini, abaikan mesej ini.",
  "mail.code.sms":
    "{code} ialah kod pengesahan Nimbus anda. Tamat tempoh dalam {minutes} minit. Jangan kongsikan.",
  "mail.emailChanged.subject": "Alamat e-mel Nimbus anda telah ditukar",
  "mail.emailChanged.changed": "Alamat e-mel akaun Nimbus anda telah ditukar kepada {email} pada {time}.",
  "mail.emailChanged.consequence":
    "Kod log masuk dan mesej tentang akaun anda kini dihantar ke alamat baharu; alamat ini tidak lagi menerimanya.",
  "mail.emailChanged.ifYou": "Jika anda yang membuat perubahan ini, anda tidak perlu berbuat apa-apa.",
  "mail.emailChanged.notYou":
    "Jika anda tidak membuat perubahan ini, orang lain mungkin sedang menggunakan akaun anda. Log masuk dengan segera, tukar kata laluan anda dan tamatkan sesi yang tidak anda kenali di halaman akaun anda. Jika anda tidak dapat log masuk lagi, hubungi kami dan kami akan membantu anda mendapatkan semula akaun anda.",
  "mail.emailChanged.contact": "Hubungi kami: {url}",
  "mail.twoFactorReset.subject": "Pengesahan dua langkah untuk akaun Nimbus anda telah dimatikan",
  "mail.twoFactorReset.reset":
    "Pentadbir pelayan Nimbus ini telah mematikan pengesahan dua langkah untuk akaun anda pada {time}. Kini anda boleh log masuk dengan kata laluan sahaja.",
  "mail.twoFactorReset.advice":
    "Selepas log masuk, hidupkan semula pengesahan dua langkah di halaman akaun anda dan simpan kod pemulihan baharu di tempat yang selamat.",
  "mail.twoFactorReset.notYou":
    "Jika anda tidak memintanya, hubungi kami segera dan tukar kata laluan anda: seseorang mungkin cuba mengambil alih akaun anda.",
  "share.status.PASS_CODE_EMPTY": "Masukkan kod laluan untuk membuka perkongsian ini",
  "share.status.PASS_CODE_ERROR": "Kod laluan tidak betul",
  "share.status.MAX_RESTORE_COUNT": "Perkongsian ini telah disimpan sebanyak had yang dibenarkan",
  "share.status.EXPIRED": "Perkongsian ini telah tamat tempoh",
  "share.status.DELETED": "Perkongsian ini telah dibatalkan atau failnya dipadam",
  "share.status.SENSITIVE_RESOURCE": "Perkongsian ini mengandungi kandungan sensitif dan tidak boleh dilihat",
  "share.status.SENSITIVE_WORD": "Perkongsian ini mengandungi perkataan sensitif dan tidak boleh dilihat",
  "share.status.AUDITING": "Perkongsian ini sedang disemak",
  "share.status.NOT_FOUND": "Perkongsian ini tidak wujud",
  "share.status.PROHIBITED": "Perkongsian ini telah disekat",
  "captcha.title": "Semakan keselamatan",
  "captcha.lead":
    "Sahkan anda manusia untuk meneruskan. Pelayar anda menyelesaikan teka-teki ringkas; tiada apa yang dijejaki.",
  "captcha.label": "Saya bukan robot",
  "captcha.loading": "Memuatkan…",
  "captcha.verifying": "Menyemak…",
  "captcha.verified": "Disahkan",
  "captcha.error": "Semakan gagal. Sila cuba lagi.",
  "captcha.expired": "Semakan telah tamat tempoh. Sila cuba lagi.",
  "captcha.reload": "Cuba lagi",
  "captcha.gone": "Semakan ini tidak lagi sah. Tutup dan cuba lagi.",
  "mail.feedbackReply.subject": "Maklum balas Nimbus anda telah dijawab",
  "mail.feedbackReply.intro": "Kami telah menjawab maklum balas yang anda hantar pada {time}:",
  "mail.feedbackReply.yours": "Maklum balas anda:",
  "mail.feedbackReply.see": "Lihat semua maklum balas anda dan jawapan kami: {url}",
  "mail.receipt.subject": "Resit Nimbus anda",
  "mail.receipt.thanks": "Terima kasih atas pembelian anda. Ini resit anda.",
  "mail.receipt.line": "{item}: {amount}, dibayar pada {date}.",
  "mail.receipt.order": "Nombor pesanan: {id}",
  "mail.receipt.item.plan": "Nimbus Premium, {days, plural, other {# hari}}",
  "mail.receipt.item.storage_pack": "Pek storan, {amount}",
  "mail.receipt.item.traffic_pack": "Pek trafik muat turun, {amount}",
  "mail.premiumExpiry.subject": "Nimbus Premium anda tamat dalam {days, plural, other {# hari}}",
  "mail.premiumExpiry.body":
    "Keahlian Premium anda tamat pada {date}. Selepas itu kuota storan anda kembali kepada kuota pelan percuma. Fail anda kekal, tetapi selagi ia melebihi kuota percuma, anda tidak boleh memuat naik atau menyimpan lagi.",
  "mail.premiumExpiry.keep": "Untuk kekal Premium, perbaharui di sini:",
} satisfies TextCatalogue;
