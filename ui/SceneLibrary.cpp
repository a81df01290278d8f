#include "SceneLibrary.h"

#include <QDir>
#include <QFile>

#include "io/JsonInput.h"
#include "mechanics/InputLimits.h"
#include "scene/ImpactScene.h"

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

QString defaultScenePath() { return ":/scenes/superball.json"; }

Scene readScene(const QString& path) { return parseScene(readSceneDocument(path)); }

bool isImpactSceneDocument(const nlohmann::json& document) {
    // A malformed "format" (a number, say) is not an impact scene; the scene
    // reader then names the field.
    if (!document.is_object()) return false;
    const auto it = document.find("format");
    return it != document.end() && it->is_string() && it->get_ref<const std::string&>() == kImpactSceneFormat;
}

nlohmann::json readSceneDocument(const QString& path) {
    ensureResources();
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) throw InputError(path.toStdString(), "cannot be opened");
    if (f.size() > static_cast<qint64>(limits::kMaxInputBytes))
        throw InputError(path.toStdString(), "is " + std::to_string(f.size()) + " bytes, more than the limit of " +
                                                 std::to_string(limits::kMaxInputBytes) + " bytes");
    const QByteArray bytes = f.readAll();
    // The core's reader: line and column of a syntax error, the field of a
    // number out of range, without the JSON library's exception prefixes.
    return parseJsonText(bytes.toStdString(), path.toStdString());
}

}  // namespace impactlab::ui
