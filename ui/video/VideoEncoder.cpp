#include "video/VideoEncoder.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <vector>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

namespace impactlab::ui {

namespace {

// x264's constant quality: 18-23 is visually near-lossless for flat-shaded
// renderings. "veryfast" encodes a 10 s 720p clip in a few seconds on two
// cores (the 3D view's rendering takes the rest) and, on these smooth
// pictures, gave a smaller file than "fast".
constexpr const char* kX264Preset = "veryfast";
constexpr const char* kX264Crf = "20";
// libvpx-vp9 in its real-time mode: the "good" mode is ten times slower for a
// file a few percent smaller.
constexpr const char* kVp9Crf = "32";
constexpr const char* kVp9CpuUsed = "8";
// A keyframe every two seconds at most, so a player can seek.
constexpr double kKeyframeSeconds = 2.0;
// GIF: one palette entry is kept transparent, for the encoder to mark the
// pixels a frame leaves as they were (a much smaller file on a still
// background).
constexpr int kGifColours = 255;
constexpr int kGifTransparentIndex = 255;
// GIF delays are in hundredths of a second.
constexpr AVRational kGifTimeBase{1, 100};

QString describeAvError(int code) {
    char text[AV_ERROR_MAX_STRING_SIZE] = {};
    av_strerror(code, text, sizeof text);
    return QString::fromUtf8(text);
}

// --- The GIF palette: median cut over a 5-bit-per-channel histogram ---------

constexpr int kBinBits = 5;
constexpr int kBins = 1 << (3 * kBinBits);

int calcBin(QRgb c) {
    return ((qRed(c) >> 3) << 10) | ((qGreen(c) >> 3) << 5) | (qBlue(c) >> 3);
}
int getBinChannel(int bin, int channel) { return (bin >> (5 * (2 - channel))) & 31; }

struct ColourBox {
    std::vector<int> bins;   // non-empty bins inside
    long long count = 0;     // pixels inside
    int longestChannel = 0;
    int range = 0;           // of the longest channel, in bins
};

void measureBox(ColourBox& box, const std::vector<long long>& histogram) {
    std::array<int, 3> lo{31, 31, 31}, hi{0, 0, 0};
    box.count = 0;
    for (int b : box.bins) {
        box.count += histogram[size_t(b)];
        for (int c = 0; c < 3; ++c) {
            lo[size_t(c)] = std::min(lo[size_t(c)], getBinChannel(b, c));
            hi[size_t(c)] = std::max(hi[size_t(c)], getBinChannel(b, c));
        }
    }
    box.range = -1;
    for (int c = 0; c < 3; ++c)
        if (hi[size_t(c)] - lo[size_t(c)] > box.range) {
            box.range = hi[size_t(c)] - lo[size_t(c)];
            box.longestChannel = c;
        }
}

// Median cut (Heckbert 1982): split the box of most pixels spread over the
// widest range at its pixel median, until `colours` boxes; each colour is its
// box's pixel-weighted mean.
std::vector<QRgb> makePalette(const std::vector<long long>& histogram, int colours) {
    ColourBox all;
    for (int b = 0; b < kBins; ++b)
        if (histogram[size_t(b)] > 0) all.bins.push_back(b);
    measureBox(all, histogram);
    std::vector<ColourBox> boxes{all};
    while (int(boxes.size()) < colours) {
        auto widest = std::max_element(boxes.begin(), boxes.end(), [](const ColourBox& a, const ColourBox& b) {
            return double(a.range) * double(a.count) < double(b.range) * double(b.count);
        });
        if (widest->range <= 0) break;   // every box is one bin
        ColourBox box = std::move(*widest);
        boxes.erase(widest);
        const int c = box.longestChannel;
        std::sort(box.bins.begin(), box.bins.end(),
                  [c](int a, int b) { return getBinChannel(a, c) < getBinChannel(b, c); });
        long long seen = 0;
        size_t cut = 1;
        for (; cut < box.bins.size(); ++cut) {
            seen += histogram[size_t(box.bins[cut - 1])];
            if (2 * seen >= box.count) break;
        }
        cut = std::clamp<size_t>(cut, 1, box.bins.size() - 1);
        ColourBox low, high;
        low.bins.assign(box.bins.begin(), box.bins.begin() + long(cut));
        high.bins.assign(box.bins.begin() + long(cut), box.bins.end());
        measureBox(low, histogram);
        measureBox(high, histogram);
        boxes.push_back(std::move(low));
        boxes.push_back(std::move(high));
    }
    std::vector<QRgb> palette;
    for (const ColourBox& box : boxes) {
        std::array<double, 3> sum{};
        for (int b : box.bins)
            for (int c = 0; c < 3; ++c) sum[size_t(c)] += double(histogram[size_t(b)]) * ((getBinChannel(b, c) << 3) | 4);
        const double n = std::max<double>(1.0, double(box.count));
        palette.push_back(qRgb(int(sum[0] / n + 0.5), int(sum[1] / n + 0.5), int(sum[2] / n + 0.5)));
    }
    return palette;
}

// The palette index of every bin: its nearest colour.
std::vector<uint8_t> makeBinToIndex(const std::vector<QRgb>& palette) {
    std::vector<uint8_t> index(kBins);
    for (int b = 0; b < kBins; ++b) {
        const int r = (getBinChannel(b, 0) << 3) | 4, g = (getBinChannel(b, 1) << 3) | 4, bl = (getBinChannel(b, 2) << 3) | 4;
        int best = 0, bestD = 1 << 30;
        for (size_t i = 0; i < palette.size(); ++i) {
            const int dr = qRed(palette[i]) - r, dg = qGreen(palette[i]) - g, db = qBlue(palette[i]) - bl;
            const int d = dr * dr + dg * dg + db * db;
            if (d < bestD) {
                bestD = d;
                best = int(i);
            }
        }
        index[size_t(b)] = uint8_t(best);
    }
    return index;
}

}  // namespace

struct VideoEncoder::Av {
    AVFormatContext* format = nullptr;
    AVCodecContext* codec = nullptr;
    AVStream* stream = nullptr;
    AVFrame* frame = nullptr;
    AVPacket* packet = nullptr;
    SwsContext* sws = nullptr;
    std::vector<QImage> gifFrames;   // the clip, held for its palette

    ~Av() {
        sws_freeContext(sws);
        av_packet_free(&packet);
        av_frame_free(&frame);
        avcodec_free_context(&codec);
        if (format) {
            if (format->pb) avio_closep(&format->pb);
            avformat_free_context(format);
        }
    }
};

bool findVideoFormat(const QString& path, VideoFormat* format) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == "mp4") *format = VideoFormat::Mp4;
    else if (suffix == "webm") *format = VideoFormat::WebM;
    else if (suffix == "gif") *format = VideoFormat::Gif;
    else return false;
    return true;
}

QString getVideoFormatName(VideoFormat format) {
    switch (format) {
    case VideoFormat::Mp4: return "MP4 (H.264)";
    case VideoFormat::WebM: return "WebM (VP9)";
    case VideoFormat::Gif: return "GIF";
    }
    return {};
}

// libav's own messages (x264's statistics, the muxer's passes) would bury the
// caller's progress lines; its errors come back as return codes, reported here.
VideoEncoder::VideoEncoder() { av_log_set_level(AV_LOG_ERROR); }
VideoEncoder::~VideoEncoder() { cancel(); }

bool VideoEncoder::fail(const QString& message) {
    error_ = message;
    cancel();
    return false;
}

bool VideoEncoder::open(const QString& path, const VideoSettings& settings) {
    cancel();
    error_.clear();
    frames_ = 0;
    path_ = path;
    settings_ = settings;
    if (!findVideoFormat(path, &format_))
        return fail("the file's suffix names no video format (.mp4, .webm or .gif): " + path);
    const int w = settings.size.width(), h = settings.size.height();
    if (w <= 0 || h <= 0) return fail(QString("the size must be positive, got %1x%2").arg(w).arg(h));
    if (!(settings.fps > 0.0)) return fail(QString("the frame rate must be > 0, got %1").arg(settings.fps));
    if (format_ != VideoFormat::Gif && (w % 2 || h % 2))
        return fail(QString("%1 needs an even width and height (yuv420p), got %2x%3").arg(getVideoFormatName(format_)).arg(w).arg(h));

    const QFileInfo target(path);
    tempPath_ = target.dir().filePath("." + target.fileName() + ".partial");
    const char* muxer = format_ == VideoFormat::Mp4 ? "mp4" : format_ == VideoFormat::WebM ? "webm" : "gif";
    const char* encoder = format_ == VideoFormat::Mp4 ? "libx264" : format_ == VideoFormat::WebM ? "libvpx-vp9" : "gif";
    av_ = std::make_unique<Av>();
    Av& a = *av_;
    const QByteArray temp = QFile::encodeName(tempPath_);
    if (avformat_alloc_output_context2(&a.format, nullptr, muxer, temp.constData()) < 0 || !a.format)
        return fail(QString("this libavformat has no %1 muxer").arg(muxer));
    const AVCodec* codec = avcodec_find_encoder_by_name(encoder);
    if (!codec) return fail(QString("this libavcodec has no %1 encoder").arg(encoder));
    a.stream = avformat_new_stream(a.format, nullptr);
    a.codec = avcodec_alloc_context3(codec);
    a.frame = av_frame_alloc();
    a.packet = av_packet_alloc();
    if (!a.stream || !a.codec || !a.frame || !a.packet) return fail("out of memory");

    const AVRational rate = av_d2q(settings.fps, 100000);
    a.codec->width = w;
    a.codec->height = h;
    a.codec->framerate = rate;
    a.codec->time_base = format_ == VideoFormat::Gif ? kGifTimeBase : av_inv_q(rate);
    a.codec->pix_fmt = format_ == VideoFormat::Gif ? AV_PIX_FMT_PAL8 : AV_PIX_FMT_YUV420P;
    a.codec->gop_size = std::max(1, int(settings.fps * kKeyframeSeconds));
    if (a.format->oformat->flags & AVFMT_GLOBALHEADER) a.codec->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    if (format_ == VideoFormat::Mp4) {
        av_opt_set(a.codec->priv_data, "preset", kX264Preset, 0);
        av_opt_set(a.codec->priv_data, "crf", kX264Crf, 0);
    } else if (format_ == VideoFormat::WebM) {
        a.codec->bit_rate = 0;   // constant quality (crf)
        av_opt_set(a.codec->priv_data, "crf", kVp9Crf, 0);
        av_opt_set(a.codec->priv_data, "deadline", "realtime", 0);
        av_opt_set(a.codec->priv_data, "cpu-used", kVp9CpuUsed, 0);
        av_opt_set(a.codec->priv_data, "row-mt", "1", 0);
    }
    if (const int r = avcodec_open2(a.codec, codec, nullptr); r < 0)
        return fail(QString("cannot start the %1 encoder: %2").arg(encoder, describeAvError(r)));
    avcodec_parameters_from_context(a.stream->codecpar, a.codec);
    a.stream->time_base = a.codec->time_base;
    a.stream->avg_frame_rate = rate;

    a.frame->format = a.codec->pix_fmt;
    a.frame->width = w;
    a.frame->height = h;
    if (av_frame_get_buffer(a.frame, 0) < 0) return fail("out of memory");

    if (const int r = avio_open(&a.format->pb, temp.constData(), AVIO_FLAG_WRITE); r < 0) {
        error_ = QString("cannot write %1: %2").arg(path, describeAvError(r));
        av_.reset();   // nothing was created to remove
        return false;
    }
    AVDictionary* muxOptions = nullptr;
    if (format_ == VideoFormat::Mp4) av_dict_set(&muxOptions, "movflags", "+faststart", 0);
    const int r = avformat_write_header(a.format, &muxOptions);
    av_dict_free(&muxOptions);
    if (r < 0) return fail(QString("cannot write %1: %2").arg(path, describeAvError(r)));
    return true;
}

bool VideoEncoder::encodeFrame(AVFrame* frame) {
    Av& a = *av_;
    if (const int r = avcodec_send_frame(a.codec, frame); r < 0) return fail("encoder: " + describeAvError(r));
    for (;;) {
        const int r = avcodec_receive_packet(a.codec, a.packet);
        if (r == AVERROR(EAGAIN) || r == AVERROR_EOF) return true;
        if (r < 0) return fail("encoder: " + describeAvError(r));
        av_packet_rescale_ts(a.packet, a.codec->time_base, a.stream->time_base);
        a.packet->stream_index = a.stream->index;
        if (const int w = av_interleaved_write_frame(a.format, a.packet); w < 0)
            return fail(QString("cannot write %1: %2").arg(path_, describeAvError(w)));
    }
}

bool VideoEncoder::addFrame(const QImage& frame) {
    if (!av_) return false;
    QImage image = frame.convertToFormat(QImage::Format_RGB32);
    if (image.size() != settings_.size)
        image = image.scaled(settings_.size, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
    if (format_ == VideoFormat::Gif) {
        av_->gifFrames.push_back(std::move(image));
        ++frames_;
        return true;
    }
    Av& a = *av_;
    const int w = settings_.size.width(), h = settings_.size.height();
    // QImage::Format_RGB32 is 0xffRRGGBB in native order: libav's RGB32.
    a.sws = sws_getCachedContext(a.sws, w, h, AV_PIX_FMT_RGB32, w, h, AV_PIX_FMT_YUV420P, SWS_BICUBIC, nullptr, nullptr,
                                 nullptr);
    if (!a.sws || av_frame_make_writable(a.frame) < 0) return fail("out of memory");
    const uint8_t* src[1] = {image.constBits()};
    const int srcStride[1] = {int(image.bytesPerLine())};
    sws_scale(a.sws, src, srcStride, 0, h, a.frame->data, a.frame->linesize);
    a.frame->pts = frames_++;
    return encodeFrame(a.frame);
}

bool VideoEncoder::encodeGif() {
    Av& a = *av_;
    std::vector<long long> histogram(kBins, 0);
    for (const QImage& image : a.gifFrames)
        for (int y = 0; y < image.height(); ++y) {
            const QRgb* row = reinterpret_cast<const QRgb*>(image.constScanLine(y));
            for (int x = 0; x < image.width(); ++x) ++histogram[size_t(calcBin(row[x]))];
        }
    const std::vector<QRgb> palette = makePalette(histogram, kGifColours);
    const std::vector<uint8_t> binToIndex = makeBinToIndex(palette);
    int64_t lastPts = -1;
    for (size_t k = 0; k < a.gifFrames.size(); ++k) {
        if (av_frame_make_writable(a.frame) < 0) return fail("out of memory");
        uint32_t* colours = reinterpret_cast<uint32_t*>(a.frame->data[1]);
        std::fill(colours, colours + 256, 0u);   // kGifTransparentIndex stays alpha 0
        for (size_t i = 0; i < palette.size(); ++i) colours[i] = 0xff000000u | palette[i];
        static_assert(kGifTransparentIndex >= kGifColours, "the transparent entry is not a colour");
        const QImage& image = a.gifFrames[k];
        for (int y = 0; y < image.height(); ++y) {
            const QRgb* row = reinterpret_cast<const QRgb*>(image.constScanLine(y));
            uint8_t* out = a.frame->data[0] + ptrdiff_t(y) * a.frame->linesize[0];
            for (int x = 0; x < image.width(); ++x) out[x] = binToIndex[size_t(calcBin(row[x]))];
        }
        a.frame->pts = std::max(lastPts + 1, int64_t(std::llround(double(k) * 100.0 / settings_.fps)));
        lastPts = a.frame->pts;
        if (!encodeFrame(a.frame)) return false;
        a.gifFrames[k] = QImage();   // done with it
    }
    return true;
}

bool VideoEncoder::finish() {
    if (!av_) return false;
    if (frames_ == 0) return fail("no frames to write");
    if (format_ == VideoFormat::Gif && !encodeGif()) return false;
    if (!encodeFrame(nullptr)) return false;
    if (const int r = av_write_trailer(av_->format); r < 0)
        return fail(QString("cannot write %1: %2").arg(path_, describeAvError(r)));
    if (const int r = avio_closep(&av_->format->pb); r < 0)
        return fail(QString("cannot write %1: %2").arg(path_, describeAvError(r)));
    av_.reset();
    // rename(2) replaces an existing file in one step.
    if (std::rename(QFile::encodeName(tempPath_).constData(), QFile::encodeName(path_).constData()) != 0) {
        QFile::remove(tempPath_);
        error_ = "cannot write " + path_;
        return false;
    }
    return true;
}

void VideoEncoder::cancel() {
    if (!av_) return;
    av_.reset();   // closes the file
    QFile::remove(tempPath_);
}

}  // namespace impactlab::ui
