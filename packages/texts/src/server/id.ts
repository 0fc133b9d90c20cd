import type { TextCatalogue } from "../catalogue.js";

/** Indonesian (id) texts the server renders itself: mail and SMS, share statuses, the captcha page. */
export default {
  "offline.myDownloads": "Unduhan Saya",
  "mail.code.subject.REGISTER": "{code} adalah kode pendaftaran Nimbus Anda",
  "mail.code.subject.SIGN_IN": "{code} adalah kode masuk Nimbus Anda",
  "mail.code.subject.RESET_PASSWORD": "{code} adalah kode untuk mengatur ulang kata sandi Nimbus Anda",
  "mail.code.subject.CHANGE_EMAIL": "{code} adalah kode untuk mengonfirmasi email Nimbus baru Anda",
  "mail.code.subject.DELETE_ACCOUNT": "{code} adalah kode untuk menghapus akun Nimbus Anda",
  "mail.code.purpose.REGISTER": "Gunakan kode ini untuk menyelesaikan pembuatan akun Nimbus Anda.",
  "mail.code.purpose.SIGN_IN": "Gunakan kode ini untuk masuk ke Nimbus.",
  "mail.code.purpose.RESET_PASSWORD": "Gunakan kode ini untuk mengatur ulang kata sandi Nimbus Anda.",
  "mail.code.purpose.CHANGE_EMAIL":
    "Gunakan kode ini untuk mengonfirmasi alamat ini sebagai email Nimbus baru Anda.",
  "mail.code.purpose.DELETE_ACCOUNT":
    "Gunakan kode ini untuk mengonfirmasi bahwa Anda ingin menghapus akun Nimbus Anda.",
  "mail.code.codeIntro": "Kode verifikasi Anda:",
  "mail.code.expiry":
    "Kode ini kedaluwarsa dalam {minutes} menit. Jangan bagikan kepada siapa pun: Nimbus tidak akan pernah memintanya.",
  "mail.code.ignore": "Jika Anda tidak meminta kode ini, abaikan pesan ini.",
  "mail.code.sms":
    "{code} adalah kode verifikasi Nimbus Anda. Berlaku {minutes} menit. Jangan bagikan kode ini.",
  "mail.emailChanged.subject": "Alamat email Nimbus Anda telah diubah",
  "mail.emailChanged.changed": "Alamat email akun Nimbus Anda telah diubah menjadi {email} pada {time}.",
  "mail.emailChanged.consequence":
    "Kode masuk dan pesan tentang akun Anda kini dikirim ke alamat baru; alamat ini tidak lagi menerimanya.",
  "mail.emailChanged.ifYou": "Jika Anda yang melakukan perubahan ini, Anda tidak perlu melakukan apa pun.",
  "mail.emailChanged.notYou":
    "Jika Anda tidak melakukan perubahan ini, orang lain mungkin sedang menggunakan akun Anda. Segera masuk, ubah kata sandi Anda, dan akhiri sesi yang tidak Anda kenali di halaman akun Anda. Jika Anda tidak bisa masuk lagi, hubungi kami dan kami akan membantu memulihkan akun Anda.",
  "mail.emailChanged.contact": "Hubungi kami: {url}",
  "mail.twoFactorReset.subject": "Verifikasi dua langkah untuk akun Nimbus Anda telah dinonaktifkan",
  "mail.twoFactorReset.reset":
    "Administrator server Nimbus ini menonaktifkan verifikasi dua langkah untuk akun Anda pada {time}. Sekarang Anda dapat masuk hanya dengan kata sandi.",
  "mail.twoFactorReset.advice":
    "Setelah masuk, aktifkan kembali verifikasi dua langkah di halaman akun Anda dan simpan kode pemulihan yang baru di tempat yang aman.",
  "mail.twoFactorReset.notYou":
    "Jika Anda tidak memintanya, segera hubungi kami dan ubah kata sandi Anda: seseorang mungkin mencoba mengambil alih akun Anda.",
  "share.status.PASS_CODE_EMPTY": "Masukkan kode akses untuk membuka berbagi ini",
  "share.status.PASS_CODE_ERROR": "Kode akses salah",
  "share.status.MAX_RESTORE_COUNT": "Berbagi ini sudah disimpan sebanyak batas yang diizinkan",
  "share.status.EXPIRED": "Berbagi ini sudah kedaluwarsa",
  "share.status.DELETED": "Berbagi ini telah dibatalkan atau filenya dihapus",
  "share.status.SENSITIVE_RESOURCE": "Berbagi ini berisi konten sensitif dan tidak dapat dilihat",
  "share.status.SENSITIVE_WORD": "Berbagi ini berisi kata sensitif dan tidak dapat dilihat",
  "share.status.AUDITING": "Berbagi ini sedang ditinjau",
  "share.status.NOT_FOUND": "Berbagi ini tidak ada",
  "share.status.PROHIBITED": "Berbagi ini telah diblokir",
  "captcha.title": "Pemeriksaan keamanan",
  "captcha.lead":
    "Pastikan Anda manusia untuk melanjutkan. Browser Anda memecahkan teka-teki singkat; tidak ada yang dilacak.",
  "captcha.label": "Saya bukan robot",
  "captcha.loading": "Memuat…",
  "captcha.verifying": "Memeriksa…",
  "captcha.verified": "Terverifikasi",
  "captcha.error": "Pemeriksaan gagal. Silakan coba lagi.",
  "captcha.expired": "Pemeriksaan kedaluwarsa. Silakan coba lagi.",
  "captcha.reload": "Coba lagi",
  "captcha.gone": "Pemeriksaan ini sudah tidak berlaku. Tutup dan coba lagi.",
  "mail.feedbackReply.subject": "Masukan Nimbus Anda telah dijawab",
  "mail.feedbackReply.intro": "Kami telah menjawab masukan yang Anda kirim pada {time}:",
  "mail.feedbackReply.yours": "Masukan Anda:",
  "mail.feedbackReply.see": "Lihat semua masukan Anda dan balasan kami: {url}",
  "mail.receipt.subject": "Tanda terima Nimbus Anda",
  "mail.receipt.thanks": "Terima kasih atas pembelian Anda. Ini tanda terima Anda.",
  "mail.receipt.line": "{item}: {amount}, dibayar pada {date}.",
  "mail.receipt.order": "Nomor pesanan: {id}",
  "mail.receipt.item.plan": "Nimbus Premium, {days, plural, other {# hari}}",
  "mail.receipt.item.storage_pack": "Paket penyimpanan, {amount}",
  "mail.receipt.item.traffic_pack": "Paket lalu lintas unduhan, {amount}",
  "mail.premiumExpiry.subject": "Nimbus Premium Anda berakhir dalam {days, plural, other {# hari}}",
  "mail.premiumExpiry.body":
    "Keanggotaan Premium Anda berakhir pada {date}. Setelah itu kuota penyimpanan Anda kembali ke kuota paket gratis. File Anda tetap tersimpan, tetapi selama ukurannya melebihi kuota gratis, Anda tidak dapat mengunggah atau menyimpan lagi.",
  "mail.premiumExpiry.keep": "Untuk tetap Premium, perpanjang di sini:",
} satisfies TextCatalogue;
