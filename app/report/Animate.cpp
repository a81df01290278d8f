// impactlab-report --animate: a scene played along its timeline into an MP4,
// WebM or GIF (ui/video/), what `impactlab-cli animate` runs.
//
//   impactlab-report --animate SCENE --out FILE [--fps N] [--size WxH]
//       [--speed X] [--from T] [--to T] [--view 3d|diagram-beside] [--set ID=VALUE]...
//
// Every bad request fails before a frame is drawn, with one line naming it,
// and leaves no file: exit 2 for the command line (a view, fps, size or
// speed), 1 for the scene (unknown, a parameter, a span outside its run),
// 3 for the file (its suffix, a folder that cannot be written) or no display.
#include <QApplication>
#include <QFileInfo>
#include <QRegularExpression>
#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "Animate.h"
#include "SceneLibrary.h"
#include "pages/PageRegistry.h"
#include "pages/ScenePage.h"
#include "scene/Scene.h"
#include "scene/SceneDocument.h"
#include "video/AnimationRenderer.h"
#include "video/VideoEncoder.h"

using namespace impactlab;
using namespace impactlab::ui;

namespace {

constexpr int kExitBadInput = 1;
constexpr int kExitUsage = 2;
constexpr int kExitIo = 3;

int failAnimate(int code, const QString& message) {
    std::fprintf(stderr, "animate: %s\n", message.toStdString().c_str());
    return code;
}

// False when the text is no number.
bool readNumber(const std::string& text, double* value) {
    bool ok = false;
    *value = QString::fromStdString(text).toDouble(&ok);
    return ok;
}

// The scene's end_time: at the top of a simulation's document, in its block
// for the other kinds ("granular": {...}).
std::optional<double> findEndTime(const nlohmann::json& document) {
    if (document.contains("end_time") && document["end_time"].is_number()) return document["end_time"].get<double>();
    for (const auto& [key, block] : document.items())
        if (block.is_object() && block.contains("end_time") && block["end_time"].is_number())
            return block["end_time"].get<double>();
    return std::nullopt;
}

}  // namespace

int runAnimate(int argc, char** argv) {
    std::string scenePath, outPath, viewName = "3d";
    std::vector<std::pair<std::string, std::string>> sets;
    AnimationRequest request;
    const std::map<std::string, double*> numbers{
        {"--fps", &request.fps}, {"--speed", &request.speed}, {"--from", &request.from}, {"--to", &request.to}};
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--animate") continue;
        const bool isOption = a.rfind("--", 0) == 0;
        if (isOption && i + 1 >= argc) return failAnimate(kExitUsage, QString::fromStdString(a + " needs a value"));
        const QString value = isOption ? QString::fromLocal8Bit(argv[i + 1]) : QString();
        if (const auto n = numbers.find(a); n != numbers.end()) {
            ++i;
            if (!readNumber(value.toStdString(), n->second))
                return failAnimate(kExitUsage, QString::fromStdString(a) + " must be a number, got '" + value + "'");
        } else if (a == "--out") outPath = argv[++i];
        else if (a == "--view") viewName = argv[++i];
        else if (a == "--size") {
            ++i;
            const auto m = QRegularExpression(R"(^(-?\d+)x(-?\d+)$)").match(value);
            if (!m.hasMatch()) return failAnimate(kExitUsage, "--size must be WIDTHxHEIGHT, got '" + value + "'");
            request.size = QSize(m.captured(1).toInt(), m.captured(2).toInt());
        } else if (a == "--set") {
            const std::string kv = argv[++i];
            const auto eq = kv.find('=');
            if (eq == std::string::npos || eq == 0) return failAnimate(kExitUsage, "--set needs id=value, got '" + value + "'");
            sets.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
        } else if (isOption) return failAnimate(kExitUsage, "unknown option '" + QString::fromStdString(a) + "'");
        else if (scenePath.empty()) scenePath = a;
        else return failAnimate(kExitUsage, "one scene, got '" + QString::fromStdString(scenePath) + "' and '" + QString::fromStdString(a) + "'");
    }
    if (scenePath.empty()) return failAnimate(kExitUsage, "needs a scene (a file or a built-in name)");
    if (outPath.empty()) return failAnimate(kExitUsage, "needs --out FILE (.mp4, .webm or .gif)");
    if (!findAnimationView(QString::fromStdString(viewName), &request.view))
        return failAnimate(kExitUsage, "no view '" + QString::fromStdString(viewName) + "' (3d or diagram-beside)");
    if (request.size.width() <= 0 || request.size.height() <= 0)
        return failAnimate(kExitUsage, QString("--size must be positive, got %1x%2").arg(request.size.width()).arg(request.size.height()));
    if (!(request.fps > 0.0)) return failAnimate(kExitUsage, QString("--fps must be > 0, got %1").arg(request.fps));
    if (!(request.speed > 0.0)) return failAnimate(kExitUsage, QString("--speed must be > 0, got %1").arg(request.speed));
    const QString out = QString::fromStdString(outPath);
    VideoFormat format;
    if (!findVideoFormat(out, &format)) return failAnimate(kExitIo, "--out must end in .mp4, .webm or .gif, got " + out);
    if (format != VideoFormat::Gif && (request.size.width() % 2 || request.size.height() % 2))
        return failAnimate(kExitUsage, QString("%1 needs an even width and height, got %2x%3")
                                           .arg(getVideoFormatName(format)).arg(request.size.width()).arg(request.size.height()));
    // VTK draws the 3D view through X even off screen.
    if (qEnvironmentVariableIsEmpty("DISPLAY"))
        return failAnimate(kExitIo, "needs an X display for the 3D view (VTK draws through X); run it under xvfb-run -a");

    QApplication app(argc, argv);
    try {
        const nlohmann::json document = toUnifiedSceneDocument(readSceneDocument(resolveSceneArgument(QString::fromStdString(scenePath))));
        // A span past the scene's end_time is refused before the run (opening a
        // granular scene takes minutes); the run may end earlier, checked after it.
        if (const std::optional<double> endTime = findEndTime(document)) {
            const double end = *endTime;
            if (request.to > end || request.from >= end || request.from < 0.0)
                return failAnimate(kExitBadInput, QString("the span %1..%2 s is not inside the scene's run 0..%3 s")
                                                      .arg(request.from).arg(request.to < 0.0 ? end : request.to).arg(end));
        }
        const PageType* type = findPageType(getSceneKind(document));
        if (!type) return failAnimate(kExitBadInput, "this build has no page for the scene's kind");
        std::unique_ptr<ScenePage> page(type->make());
        QString error;
        QObject::connect(page.get(), &ScenePage::errorOccurred, [&error](const QString& m) { error = m; });
        page->openDocument(document);
        if (!error.isEmpty()) return failAnimate(kExitBadInput, error);
        for (const auto& [id, value] : sets) {
            const SceneParameter* p = page->findParameter(id);
            if (!p) return failAnimate(kExitBadInput, QString::fromStdString("--set " + id + ": no such parameter in this scene"));
            if (p->kind == SceneParameter::Kind::Choice) {
                page->setChoice(QString::fromStdString(id), QString::fromStdString(value));
            } else {
                double v = 0.0;
                if (!readNumber(value, &v))
                    return failAnimate(kExitBadInput, QString::fromStdString("--set " + id + ": must be a number, got '" + value + "'"));
                page->setParameter(QString::fromStdString(id), v);
            }
            if (!error.isEmpty()) return failAnimate(kExitBadInput, error);
        }
        page->flushPendingEdits();   // the whole run, not its first frames
        if (const QString problem = checkAnimationRequest(*page, &request); !problem.isEmpty())
            return failAnimate(kExitBadInput, problem);

        const int total = calcAnimationFrameCount(request);
        int reported = -1;
        const auto progress = [&](int done, int all) {
            const int tenth = done * 10 / all;
            if (tenth != reported) {
                reported = tenth;
                std::fprintf(stderr, "animate: %d/%d frames\n", done, all);
            }
            return true;
        };
        if (!writeAnimation(*page, request, out, progress, &error))
            return failAnimate(error.startsWith("cannot write") ? kExitIo : kExitBadInput, error);
        std::printf("{\"format\": \"impactlab.animation/1\", \"file\": \"%s\", \"video\": \"%s\", \"frames\": %d, "
                    "\"fps\": %g, \"width\": %d, \"height\": %d, \"duration\": %g, \"from\": %g, \"to\": %g, \"speed\": %g}\n",
                    QFileInfo(out).absoluteFilePath().toStdString().c_str(), getVideoFormatName(format).toStdString().c_str(),
                    total, request.fps, request.size.width(), request.size.height(), total / request.fps, request.from,
                    request.to, request.speed);
        return 0;
    } catch (const std::exception& e) {
        return failAnimate(kExitBadInput, QString::fromUtf8(e.what()));
    }
}
