#include "SceneLibrary.h"

#include "scene/TossScene.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <algorithm>

#include "io/JsonInput.h"
#include "mechanics/InputLimits.h"

// The scenes are compiled into the static ui library, whose resource
// initialiser the linker would drop: register it explicitly (outside any
// namespace, as Q_INIT_RESOURCE requires).
static void initSceneResources() { Q_INIT_RESOURCE(scenes); }

namespace impactlab::ui {

namespace {
void ensureResources() {
    static const bool done = (initSceneResources(), true);
    (void)done;
}
}  // namespace

QStringList listBuiltInScenes() {
    ensureResources();
    QStringList out;
    for (const QString& name : QDir(":/scenes").entryList({"*.json"}, QDir::Files, QDir::Name))
        out << ":/scenes/" + name;
    return out;
}

namespace {

// The menu's groups: a paper, or the app's own simulations.
const char* const kSimulations = "Simulations";
const char* const kGranular = "Granular flows";
const char* const kKudlichSlibar = "Vehicle collisions (Kudlich-Slibar)";
const char* const kCataldoSampaio = "Planar laws (Cataldo & Sampaio 2002)";
const char* const kJiaWang = "3D impacts with friction (Jia & Wang 2017)";
const char* const kPlus = "Simultaneous impacts, PLUS (Uchida, Sherman & Delp 2015)";
const char* const kMaxDissipation = "Maximum dissipation (Preclik, Eibl & Ruede 2017)";
const char* const kMeasurements = "Real measurements against every law";

// Every built-in scene's group, by file stem: one table, so a scene is filed
// where its reference says it belongs (a test walks it against the files).
struct SceneGroupEntry {
    const char* stem;
    const char* group;
};
constexpr SceneGroupEntry kSceneGroups[] = {
    {"superball", kSimulations},
    {"brick-drop", kSimulations},
    {"ball-row", kSimulations},
    {"bar", kCataldoSampaio},
    {"kane-paradox", kCataldoSampaio},
    {"pendulum-moving-surface", kCataldoSampaio},
    {"ball-between-walls", kCataldoSampaio},
    {"impact-ball-on-ball", kJiaWang},
    {"impact-ball-on-half-space", kJiaWang},
    {"impact-bowling-pin-ball", kJiaWang},
    {"impact-bowling-pin-ball-printed-w", kJiaWang},
    {"impact-icosahedron-tetrahedron", kJiaWang},
    {"impact-mdp-academic", kMaxDissipation},
    {"impact-mdp-two-minima", kMaxDissipation},
    {"impact-painleve-rod", kMaxDissipation},
    {"plus-brick-vertex", kPlus},
    {"plus-brick-four-vertices", kPlus},
    {"plus-newtons-cradle", kPlus},
    {"plus-triple-pendulum", kPlus},
    {"newtons-cradle-swinging", kPlus},
    {"triple-pendulum-fall", kPlus},
    {"double-pendulum-wall", kSimulations},
    {"ball-chain-strike", kSimulations},
    {"settling-box", kGranular},
    {"channel-flow", kGranular},
    {"hopper", kGranular},
    {"vehicles", kKudlichSlibar},
    {"vehicle-barrier", kKudlichSlibar},
    {"reconstruction-intersection", kKudlichSlibar},
    {"reconstruction-ricsac-06", kKudlichSlibar},
    {"experiment-kharaz-2001", kMeasurements},
    {"experiment-cube-tosses", kMeasurements},
};

}  // namespace

QString findBuiltInSceneGroup(const QString& stem) {
    for (const SceneGroupEntry& e : kSceneGroups)
        if (stem == QLatin1String(e.stem)) return e.group;
    return {};
}

QStringList listBuiltInSceneGroups() {
    return {kSimulations, kCataldoSampaio, kJiaWang, kPlus, kMaxDissipation, kGranular, kKudlichSlibar, kMeasurements};
}

std::vector<BuiltInScene> listBuiltInSceneEntries() {
    std::vector<BuiltInScene> out;
    for (const QString& path : listBuiltInScenes()) {
        BuiltInScene e;
        e.path = path;
        const QString stem = QFileInfo(path).completeBaseName();
        e.group = findBuiltInSceneGroup(stem);
        if (e.group.isEmpty()) e.group = kSimulations;   // a scene missing from the table (a test fails on it)
        e.name = stem;
        try {
            const nlohmann::json doc = readSceneDocument(path);
            if (doc.contains("name") && doc["name"].is_string()) e.name = QString::fromStdString(doc["name"].get<std::string>());
            if (doc.contains("description") && doc["description"].is_string())
                e.description = QString::fromStdString(doc["description"].get<std::string>());
        } catch (const std::exception&) {
            // listed by its file name; opening it reports the error
        }
        out.push_back(e);
    }
    const QStringList groups = listBuiltInSceneGroups();
    std::stable_sort(out.begin(), out.end(), [&](const BuiltInScene& a, const BuiltInScene& b) {
        const int ga = groups.indexOf(a.group), gb = groups.indexOf(b.group);
        return ga != gb ? ga < gb : a.name.localeAwareCompare(b.name) < 0;
    });
    return out;
}

QString findBuiltInScenePath(const QString& name) {
    if (name.isEmpty() || name.contains('/')) return {};
    const QString file = name.endsWith(".json") ? name : name + ".json";
    const QString path = ":/scenes/" + file;
    return listBuiltInScenes().contains(path) ? path : QString();
}

QString resolveSceneArgument(const QString& arg) {
    if (arg.startsWith(':') || QFileInfo::exists(arg)) return arg;
    const QString builtIn = findBuiltInScenePath(arg);
    return builtIn.isEmpty() ? arg : builtIn;
}

QString describeError(const std::exception& e) {
    QString what = QString::fromUtf8(e.what());
    if (what.startsWith('[')) what = what.mid(what.indexOf(']') + 1).trimmed();
    return what;
}

QString defaultScenePath() { return ":/scenes/superball.json"; }

SimulatedScene readScene(const QString& path) { return readSimulatedScene(readSceneDocument(path)); }

nlohmann::json readSceneDocument(const QString& path) {
    ensureResources();
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) throw InputError(path.toStdString(), "cannot be opened");
    requireInputSize(static_cast<std::uintmax_t>(f.size()), path.toStdString());   // before reading
    const QByteArray bytes = f.readAll();
    // The core's reader: line and column of a syntax error, the field of a
    // number out of range, without the JSON library's exception prefixes.
    // A toss scene's data files are named relative to the scene file.
    return resolveSceneFilePaths(parseJsonText(bytes.toStdString(), path.toStdString()),
                                 QFileInfo(path).absolutePath().toStdString());
}

}  // namespace impactlab::ui
