// impactlab: the desktop app. Opens a scene (the superball by default) and,
// for tests and documentation, can write a screenshot of the whole window and
// quit, or measure how long a slider change takes to redraw every view.
#include <QAbstractEventDispatcher>
#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QGuiApplication>
#include <QIcon>
#include <QSlider>
#include <QTimer>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <ctime>

#include "MainWindow.h"
#include "SceneLibrary.h"
#include "panel/ParameterPanel.h"
#include "timeline/TimelineWidget.h"

using impactlab::ui::MainWindow;

namespace {

// Event-loop time given to the window before a screenshot, so layouts settle
// and the first 3D frame is painted.
constexpr int kSettleMilliseconds = 400;
// A slider move not redrawn within this time is counted at this time.
constexpr int kMeasureTimeoutMs = 30000;
// Turns of the event loop after an update, at most, during which deferred
// paints land (a chart's scene change, then its viewport's update request,
// then the window's backing store sync): the loop is drained until a turn
// finds nothing to do.
constexpr int kMaxPaintPasses = 20;
// The PNG renderings of the icon in resources/impactlab.qrc (the sizes
// resources/make-icons.sh makes).
constexpr int kIconSizes[] = {16, 32, 48, 64, 128, 256};

// Moves the first live numeric parameter's slider (one that applies while it
// is dragged; see SceneParameter::live) across its range `count` times,
// as a drag would (through the panel, so edits are coalesced and redrawn as a
// user's are), and prints the wall time from each move to every view on
// screen redrawn.
int measureSlider(MainWindow& w, int count) {
    impactlab::ui::ScenePage* page = w.currentPage();
    const auto& params = w.currentParameters();
    // A row disabled in the scene's current mode (applies_when) changes nothing: not a user's move.
    auto it = std::find_if(params.begin(), params.end(), [page](const auto& p) {
        return p.kind == impactlab::SceneParameter::Kind::Number && p.live && page &&
               page->parameterPanel()->inapplicableReason(QString::fromStdString(p.id)).isEmpty();
    });
    if (!page || it == params.end()) {
        std::fprintf(stderr, "impactlab: the scene has no numeric parameter to move\n");
        return 1;
    }
    const QString id = QString::fromStdString(it->id);
    QSlider* slider = page->parameterPanel()->slider(id);
    if (!slider) {
        std::fprintf(stderr, "impactlab: parameter '%s' has no slider\n", qPrintable(id));
        return 1;
    }
    // Every move goes to another tick, so every move changes the scene: a
    // slider with fewer ticks than moves (a number of balls) sweeps back and
    // forth over its ticks instead of landing twice on one.
    const int first = slider->minimum(), ticks = slider->maximum() - slider->minimum() + 1;
    auto tickOfMove = [&](int k) {
        if (ticks >= count) return first + static_cast<int>(std::lround(double(k) / std::max(1, count - 1) * (ticks - 1)));
        const int period = 2 * (ticks - 1), phase = k % std::max(1, period);
        return first + (phase < ticks ? phase : period - phase);
    };
    // The GUI thread's own CPU time per move, beside the wall time: on a
    // loaded or virtual machine the wall time also holds the waits for the
    // host, which the app's work does not set.
    auto threadCpuMs = [] {
        timespec t{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
    };
    // A value the scene refuses (a vehicle at rest that cannot collide) is
    // answered with an error in the status bar, not a redraw: such a move is
    // counted apart instead of waited for.
    bool refused = false;
    int refusedMoves = 0;
    const QMetaObject::Connection onError =
        QObject::connect(page, &impactlab::ui::ScenePage::errorOccurred, page, [&refused] { refused = true; });
    std::vector<double> total, compute, cpu;
    for (int k = 0; k < count; ++k) {
        const int before = page->updateCount();
        refused = false;
        QElapsedTimer clock;
        clock.start();
        const double cpuBefore = threadCpuMs();
        // Through the panel, as a drag gives it (a slider already on the tick
        // is "dragged back" to it: the panel applies its value all the same).
        const int tick = tickOfMove(k);
        if (slider->value() != tick) slider->setValue(tick);
        else page->parameterPanel()->setSliderPosition(id, page->parameterPanel()->value(id));
        while (page->updateCount() == before && clock.elapsed() < kMeasureTimeoutMs)
            QApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents, 1);
        if (refused && page->updateCount() == before) {
            ++refusedMoves;
            continue;
        }
        // Views that paint on a later turn of the event loop (Qt Charts
        // repaints its scene from a queued update) count too.
        QAbstractEventDispatcher* dispatcher = QAbstractEventDispatcher::instance();
        for (int pass = 0; pass < kMaxPaintPasses; ++pass) {
            QCoreApplication::sendPostedEvents();
            if (!dispatcher->processEvents(QEventLoop::AllEvents)) break;
        }
        // Objects released with deleteLater() (Qt Charts' items of replaced
        // series) go as the application's event loop would let them go; this
        // loop runs outside exec(), where they would pile up in the scenes.
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        total.push_back(clock.nsecsElapsed() * 1e-6);
        cpu.push_back(threadCpuMs() - cpuBefore);
        compute.push_back(page->lastComputeMilliseconds());
    }
    QObject::disconnect(onError);
    if (total.empty()) {
        std::fprintf(stderr, "impactlab: the scene refused every value of '%s'\n", qPrintable(id));
        return 1;
    }
    auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
    };
    std::printf("slider '%s' moved %d times (window %dx%d):\n", qPrintable(id), count, w.width(), w.height());
    std::printf("  slider change to every view redrawn: median %.2f ms, max %.2f ms\n", median(total),
                *std::max_element(total.begin(), total.end()));
    std::printf("  of which computing:                  median %.2f ms\n", median(compute));
    std::printf("  GUI thread's CPU time:               median %.2f ms\n", median(cpu));
    if (refusedMoves > 0)
        std::printf("  refused by the scene (an error, not a redraw): %d of %d moves, not in the times above\n",
                    refusedMoves, count);
    return 0;
}

// The command line. Built before the application object, so --help and
// --version answer without a display (they need no QApplication).
struct CommandLine {
    QCommandLineParser parser;
    QCommandLineOption screenshot{"screenshot", "Write a PNG screenshot of the whole window to <file> and quit.", "file"};
    QCommandLineOption size{"size", "Window size as WIDTHxHEIGHT (default 1500x900).", "size", "1500x900"};
    QCommandLineOption time{"time", "Show the run at time <t> seconds.", "t"};
    QCommandLineOption impact{"impact", "Select impact <n> (1-based) for the diagram.", "n"};
    QCommandLineOption compare{"compare", "Overlay these laws on the diagram (comma-separated ids).", "ids"};
    QCommandLineOption set{"set", "Set a scene parameter before showing, as id=value (SI units); repeatable.", "id=value"};
    QCommandLineOption printTiming{"print-timing", "Print the time of every update to standard error."};
    QCommandLineOption measure{"measure-slider", "Move the first slider <n> times, print update times and quit.", "n"};
    QCommandLineOption exportDiagram{"export-diagram", "Export the diagram on the current tab to <file> (.png, .svg, or .csv for its data) and quit; repeatable.", "file"};
    QCommandLineOption tab{"tab", "View beside the 3D view, by name: 'diagram', 'equations', 'coulomb', 'plots', 'comparison' or 'trajectory' for a simulation (and 'momentum', 'results', 'sweep', 'reconstruction' for vehicles); 'hodograph', 'bundle', 'curve', 'energy', 'diagram', 'equations', 'sequence', 'sequences', 'methods', 'plane', 'fobj', 'tree', 'solutions' or 'comparison' for a single impact (and 'measured', 'residuals' when it carries measurements); 'velocity', 'impulses', 'penetration', 'cor', 'geometry', 'intervals', 'equations', 'rounds', 'timelapse' or 'cputime' for a PLUS scene; 'velocity', 'angular', 'rdf', 'contacts' or 'statistics' for a granular flow (an unknown name lists the scene's own).", "name"};
    QCommandLineOption exportView{"export-view", "Export the 3D view to <file> (.png) and quit.", "file"};
    QCommandLineOption figure{"figure", "Open a figure of the papers by id (impactlab-cli figure --list), as Help > Paper figures does.", "id"};
    QCommandLineOption waitRuns{"wait", "Before a screenshot or export, wait for runs in progress to end (a granular flow's)."};

    CommandLine() {
        parser.setApplicationDescription("ImpactLab: a laboratory for rigid-body impact mechanics.");
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addPositionalArgument("scene",
                                     "Scene file to open, or a built-in scene by name, e.g. superball or plus-newtons-cradle "
                                     "(default: the last one opened, else the built-in superball).",
                                     "[scene]");
        parser.addOptions({screenshot, size, time, impact, compare, set, printTiming, measure, exportDiagram, exportView, tab, figure, waitRuns});
    }
};

void setApplicationNames() {
    QCoreApplication::setOrganizationName("ImpactLab");
    QCoreApplication::setApplicationName("ImpactLab");
    QCoreApplication::setApplicationVersion(IMPACTLAB_VERSION);
}

// The app's icon (resources/impactlab.qrc, compiled in): the SVG for any size,
// and its PNG renderings for the sizes a window manager asks for (and in case
// Qt's SVG icon engine plugin is missing).
QIcon makeAppIcon() {
    QIcon icon(":/icons/impactlab.svg");
    for (const int size : kIconSizes) icon.addFile(QString(":/icons/impactlab-%1.png").arg(size), QSize(size, size));
    return icon;
}

// The names resolveSceneArgument accepts, for an error message.
QString listBuiltInSceneNames() {
    QStringList names;
    for (const QString& path : impactlab::ui::listBuiltInScenes()) names << QFileInfo(path).completeBaseName();
    return names.join(", ");
}

// --help and --version print and quit before any window exists.
bool asksForHelpOrVersion(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        const QByteArray a(argv[i]);
        if (a == "-h" || a == "--help" || a == "-?" || a == "--help-all" || a == "-v" || a == "--version") return true;
    }
    return false;
}

}  // namespace

int main(int argc, char** argv) {
    if (asksForHelpOrVersion(argc, argv)) {
        QCoreApplication core(argc, argv);
        setApplicationNames();
        CommandLine cl;
        cl.parser.process(core);   // prints and exits
        return 0;
    }
    QApplication app(argc, argv);
    setApplicationNames();
    QApplication::setWindowIcon(makeAppIcon());
    // Wayland's app id and the name desktops match windows to the entry with.
    QGuiApplication::setDesktopFileName("impactlab");
    CommandLine cl;
    QCommandLineParser& parser = cl.parser;
    parser.process(app);

    MainWindow w;
    const QStringList wh = parser.value(cl.size).split('x');
    if (wh.size() == 2) w.resize(wh[0].toInt(), wh[1].toInt());
    w.setPrintTiming(parser.isSet(cl.printTiming));
    // A batch run (images, timing) must not hide a bad scene behind the default
    // one: it reports and fails, and it neither reads nor changes the user's
    // settings. Interactively the window comes back as it was left (size,
    // layout, last scene) and a bad scene opens the default one with a dialog.
    const bool batch = parser.isSet(cl.screenshot) || parser.isSet(cl.exportDiagram) || parser.isSet(cl.exportView) ||
                       parser.isSet(cl.measure);
    QString lastScene;
    if (!batch) lastScene = w.restoreSettings(!parser.isSet(cl.size));
    if (lastScene.isEmpty() || (!lastScene.startsWith(":") && !QFileInfo::exists(lastScene)))
        lastScene = impactlab::ui::defaultScenePath();
    const QString scenePath = parser.positionalArguments().isEmpty()
                                  ? lastScene
                                  : impactlab::ui::resolveSceneArgument(parser.positionalArguments().front());
    // The last session's scene comes back without starting a long run; a
    // scene named on the command line runs as it opens.
    if (!batch && parser.positionalArguments().isEmpty()) w.holdRunsOnNextOpen();
    if (batch) {
        QString error;
        if (!w.openScene(scenePath, &error)) {
            std::fprintf(stderr, "impactlab: %s\n", qPrintable(error));
            if (!scenePath.startsWith(':') && !QFileInfo::exists(scenePath))
                std::fprintf(stderr, "impactlab: not a file nor a built-in scene; the built-in scenes are: %s\n",
                             qPrintable(listBuiltInSceneNames()));
            return 1;
        }
    } else if (!w.openSceneOrDefault(scenePath)) {
        std::fprintf(stderr, "impactlab: %s (opened the default scene instead)\n", qPrintable(w.lastError()));
    }
    for (const QString& kv : parser.values(cl.set)) {
        const int eq = kv.indexOf('=');
        const impactlab::SceneParameter* p = eq > 0 ? w.findParameter(kv.left(eq).toStdString()) : nullptr;
        if (!p) {
            std::fprintf(stderr, "impactlab: --set %s: expected id=value with a parameter of the scene\n", qPrintable(kv));
            return 2;
        }
        if (p->kind == impactlab::SceneParameter::Kind::Choice) {
            w.setChoice(kv.left(eq), kv.mid(eq + 1));
            continue;
        }
        bool ok = false;
        const double v = kv.mid(eq + 1).toDouble(&ok);
        if (!ok) {
            std::fprintf(stderr, "impactlab: --set %s: the value must be a number\n", qPrintable(kv));
            return 2;
        }
        w.setParameter(kv.left(eq), v);
    }
    if (parser.isSet(cl.compare)) w.setComparedLaws(parser.value(cl.compare).split(',', Qt::SkipEmptyParts));
    if (parser.isSet(cl.figure)) {
        QString error;
        if (!w.openPaperFigure(parser.value(cl.figure), &error)) {
            std::fprintf(stderr, "impactlab: --figure %s: %s\n", qPrintable(parser.value(cl.figure)), qPrintable(error));
            return 2;
        }
    }
    impactlab::ui::TimelineWidget* timeline = w.currentPage() ? w.currentPage()->timeline() : nullptr;
    if ((parser.isSet(cl.impact) || parser.isSet(cl.time)) && !timeline) {
        std::fprintf(stderr, "impactlab: --impact and --time need a scene with a timeline (a simulation)\n");
        return 2;
    }
    if (parser.isSet(cl.impact)) timeline->selectEvent(parser.value(cl.impact).toInt() - 1);
    if (parser.isSet(cl.time)) timeline->setTime(parser.value(cl.time).toDouble());
    if (parser.isSet(cl.tab) && !w.showTab(parser.value(cl.tab))) {
        QStringList names;
        if (w.currentPage())
            for (const impactlab::ui::PageView& v : w.currentPage()->views()) names << v.name;
        std::fprintf(stderr, "impactlab: --tab %s: no such view for this scene (it has: %s)\n",
                     qPrintable(parser.value(cl.tab)), qPrintable(names.join(", ")));
        return 2;
    }
    w.show();
    // Work left unsaved by a crash or a kill is offered back once the window is up.
    if (!batch) QTimer::singleShot(0, &w, [&w] { w.offerRecovery(); });

    if (parser.isSet(cl.measure)) {
        QApplication::processEvents();
        return measureSlider(w, std::max(1, parser.value(cl.measure).toInt()));
    }
    const QStringList diagrams = parser.values(cl.exportDiagram);
    const QString viewFile = parser.value(cl.exportView);
    const QString shotFile = parser.value(cl.screenshot);
    if (!diagrams.isEmpty() || !viewFile.isEmpty() || !shotFile.isEmpty()) {
        // Write the requested images once the window has settled, then quit.
        const bool wait = parser.isSet(cl.waitRuns);
        QTimer::singleShot(kSettleMilliseconds, &w, [&w, diagrams, viewFile, shotFile, wait] {
            if (wait && w.currentPage()) {
                w.currentPage()->flushPendingEdits();
                // Let the views and the 3D view's refined frame settle after the run.
                QElapsedTimer settle;
                settle.start();
                while (settle.elapsed() < kSettleMilliseconds) QApplication::processEvents(QEventLoop::AllEvents, 20);
            }
            bool ok = true;
            auto check = [&ok](bool written, const QString& file) {
                if (!written) std::fprintf(stderr, "impactlab: cannot write %s\n", qPrintable(file));
                ok = ok && written;
            };
            for (const QString& f : diagrams)
                check(f.endsWith(".svg", Qt::CaseInsensitive)   ? w.exportDiagramSvg(f)
                      : f.endsWith(".csv", Qt::CaseInsensitive) ? w.exportDiagramCsv(f)
                                                                : w.exportDiagramPng(f),
                      f);
            if (!viewFile.isEmpty()) check(w.export3dPng(viewFile), viewFile);
            if (!shotFile.isEmpty()) check(w.grab().save(shotFile), shotFile);
            QApplication::exit(ok ? 0 : 3);
        });
    }
    return app.exec();
}
