#include "DocumentStore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QSettings>
#include <QStandardPaths>

namespace impactlab::ui {

namespace {
constexpr const char* kRecentFilesKey = "document/recentFiles";
constexpr const char* kLastSceneKey = "document/lastScene";
constexpr const char* kRecoveryFormat = "impactlab.recovery/1";
}  // namespace

QString getRecoveryFilePath() {
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return QDir(dir).filePath("recovery.json");
}

bool writeRecoveryFile(const nlohmann::json& document, const QString& path) {
    const QString file = getRecoveryFilePath();
    if (!QDir().mkpath(QFileInfo(file).absolutePath())) return false;
    const nlohmann::json copy = {{"format", kRecoveryFormat}, {"path", path.toStdString()}, {"document", document}};
    const std::string text = copy.dump(2) + "\n";
    QSaveFile out(file);
    if (!out.open(QIODevice::WriteOnly)) return false;
    out.write(text.data(), static_cast<qint64>(text.size()));
    return out.commit();
}

std::optional<RecoveredDocument> readRecoveryFile() {
    QFile in(getRecoveryFilePath());
    if (!in.exists()) return std::nullopt;
    if (!in.open(QIODevice::ReadOnly)) return std::nullopt;
    const QByteArray bytes = in.readAll();
    in.close();
    try {
        const nlohmann::json copy = nlohmann::json::parse(bytes.constData(), bytes.constData() + bytes.size());
        if (copy.value("format", "") == kRecoveryFormat && copy.contains("document") && copy["document"].is_object())
            return RecoveredDocument{copy["document"], QString::fromStdString(copy.value("path", ""))};
    } catch (const nlohmann::json::exception&) {
        // fall through: a torn or foreign file is of no use
    }
    removeRecoveryFile();
    return std::nullopt;
}

void removeRecoveryFile() { QFile::remove(getRecoveryFilePath()); }

QStringList getRecentFiles() {
    QStringList files = QSettings().value(kRecentFilesKey).toStringList();
    while (files.size() > kMaxRecentFiles) files.removeLast();
    return files;
}

void addRecentFile(const QString& path) {
    QStringList files = getRecentFiles();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMaxRecentFiles) files.removeLast();
    QSettings().setValue(kRecentFilesKey, files);
}

void removeRecentFile(const QString& path) {
    QStringList files = getRecentFiles();
    files.removeAll(QFileInfo(path).absoluteFilePath());
    QSettings().setValue(kRecentFilesKey, files);
}

QString getLastScenePath() { return QSettings().value(kLastSceneKey).toString(); }

void setLastScenePath(const QString& path) { QSettings().setValue(kLastSceneKey, path); }

}  // namespace impactlab::ui
